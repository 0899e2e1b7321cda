import { formatDuration } from './duration';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [2.4, '0:02'],
    [2.5, '0:03'],
    [59.6, '1:00'],
    [75, '1:15'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [36_000 + 61, '10:01:01'],
  ])('%d s → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it.each([-5, Number.NaN, Number.POSITIVE_INFINITY])('shows %d as 0:00', (seconds) => {
    expect(formatDuration(seconds)).toBe('0:00');
  });
});
