import { TAG_CHOICE_GRACE_MS, tagChoiceEndsAt, tagChoiceWaitMs } from './tagChoicePolicy';

const START = Date.UTC(2026, 11, 2, 17, 0);
const HOUR = 60 * 60 * 1000;
const game = (endTime: string | null, startTime = new Date(START).toISOString()) => ({ startTime, endTime });

describe('tagChoiceEndsAt', () => {
  it('the end time plus an hour of grace', () => {
    expect(TAG_CHOICE_GRACE_MS).toBe(HOUR);
    expect(tagChoiceEndsAt(game(new Date(START + 2 * HOUR).toISOString()))).toBe(START + 3 * HOUR);
  });

  it('without an end time: the start plus the default 3 hours, plus the grace', () => {
    expect(tagChoiceEndsAt(game(null))).toBe(START + 4 * HOUR);
  });
});

describe('tagChoiceWaitMs', () => {
  const ends = game(new Date(START + 2 * HOUR).toISOString());

  it('the time left until the grace runs out', () => {
    expect(tagChoiceWaitMs(ends, START + HOUR)).toBe(2 * HOUR);
    expect(tagChoiceWaitMs(ends, START + 3 * HOUR - 1)).toBe(1);
  });

  it('0 once it has run out, however long ago', () => {
    expect(tagChoiceWaitMs(ends, START + 3 * HOUR)).toBe(0);
    expect(tagChoiceWaitMs(ends, START + 300 * HOUR)).toBe(0);
  });

  it('null when the times cannot be read: the choice is left alone', () => {
    expect(tagChoiceWaitMs(game(null, 'not a date'), START)).toBeNull();
    expect(tagChoiceWaitMs(game('garbage', 'not a date'), START)).toBeNull();
  });
});
