import { DEFAULT_EVENT_LENGTH_MS } from '../../../app/product';
import { eventEndMs, isLive, isUpcoming, startsTodayOrLater, UPCOMING_WINDOW_DAYS } from './eventTiming';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 4, 1, 18); // 1 May 2026, 18:00 UTC = 1 PM in Chicago
const iso = (ms: number) => new Date(ms).toISOString();
const timed = (start: number, end: number | null = null) => ({ startTime: iso(start), endTime: end === null ? null : iso(end) });

describe('isLive (docs/product/part-2.md §4)', () => {
  it('is live from its start to its end, both included', () => {
    expect(isLive(timed(NOW, NOW + HOUR), NOW)).toBe(true);
    expect(isLive(timed(NOW - HOUR, NOW), NOW)).toBe(true);
    expect(isLive(timed(NOW - HOUR, NOW + HOUR), NOW)).toBe(true);
  });

  it('is not live before it starts or after it ends', () => {
    expect(isLive(timed(NOW + 1, NOW + HOUR), NOW)).toBe(false);
    expect(isLive(timed(NOW - 2 * HOUR, NOW - 1), NOW)).toBe(false);
  });

  it('without an end, lasts the default 3 hours', () => {
    expect(DEFAULT_EVENT_LENGTH_MS).toBe(3 * HOUR);
    expect(isLive(timed(NOW - 3 * HOUR), NOW)).toBe(true);
    expect(isLive(timed(NOW - 3 * HOUR - 1), NOW)).toBe(false);
    expect(eventEndMs(timed(NOW))).toBe(NOW + 3 * HOUR);
  });

  it('an explicit end wins over the default length, shorter or longer', () => {
    expect(isLive(timed(NOW - 2 * HOUR, NOW - HOUR), NOW)).toBe(false);
    expect(isLive(timed(NOW - 5 * HOUR, NOW + HOUR), NOW)).toBe(true);
  });

  it('an unreadable start is never live', () => {
    expect(isLive({ startTime: 'soon', endTime: null }, NOW)).toBe(false);
  });
});

describe('isUpcoming', () => {
  it('the window is the next 7 days: after now, up to now + 7 days', () => {
    expect(UPCOMING_WINDOW_DAYS).toBe(7);
    expect(isUpcoming(timed(NOW + 1), NOW)).toBe(true);
    expect(isUpcoming(timed(NOW + 2 * DAY), NOW)).toBe(true);
    expect(isUpcoming(timed(NOW + 7 * DAY), NOW)).toBe(true);
    expect(isUpcoming(timed(NOW + 7 * DAY + 1), NOW)).toBe(false);
    expect(isUpcoming(timed(NOW + 10 * DAY), NOW)).toBe(false);
  });

  it('an event that has started is not upcoming', () => {
    expect(isUpcoming(timed(NOW), NOW)).toBe(false);
    expect(isUpcoming(timed(NOW - DAY), NOW)).toBe(false);
  });

  it('takes another window length', () => {
    expect(isUpcoming(timed(NOW + 10 * DAY), NOW, 14)).toBe(true);
  });
});

describe('startsTodayOrLater (venue date)', () => {
  const at = (startTime: string, timezone = 'America/Chicago') => ({ startTime, timezone });

  it("keeps events starting later today or after, on the venue's calendar", () => {
    expect(startsTodayOrLater(at('2026-05-01T05:00:00.000Z'), NOW)).toBe(true); // 00:00 CDT, 1 May
    expect(startsTodayOrLater(at('2026-05-01T14:00:00.000Z'), NOW)).toBe(true); // this morning, over by now
    expect(startsTodayOrLater(at('2026-05-03T00:00:00.000Z'), NOW)).toBe(true);
  });

  it('drops events that started on an earlier day at the venue', () => {
    expect(startsTodayOrLater(at('2026-05-01T04:59:59.000Z'), NOW)).toBe(false); // 23:59:59 CDT, 30 April
    expect(startsTodayOrLater(at('2026-04-28T14:00:00.000Z'), NOW)).toBe(false);
  });

  it("uses the venue's zone, not the device's or UTC", () => {
    // 20:00 UTC on 1 May is already 2 May in Tokyo; an event at 09:00 on 2 May in Tokyo is "today" there.
    const tokyoNow = Date.UTC(2026, 4, 1, 20);
    expect(startsTodayOrLater(at('2026-05-02T00:00:00.000Z', 'Asia/Tokyo'), tokyoNow)).toBe(true);
    // 14:00 UTC on 1 May is 23:00 on 1 May in Tokyo: the day before, there.
    expect(startsTodayOrLater(at('2026-05-01T14:00:00.000Z', 'Asia/Tokyo'), tokyoNow)).toBe(false);
    // In Honolulu it is still 1 May (10:00), and the event began at 04:00 that day: today.
    expect(startsTodayOrLater(at('2026-05-01T14:00:00.000Z', 'Pacific/Honolulu'), tokyoNow)).toBe(true);
  });

  it('an unreadable start is dropped', () => {
    expect(startsTodayOrLater(at('tomorrow'), NOW)).toBe(false);
  });
});
