import * as v from 'valibot';
import { eventSchema } from '../../../domain/event';
import { currentAndUpcomingRows, nearbyRows } from './eventRows';
import { DAY, eventAt, HOUR } from '../../../test/data/eventListFixtures';
import { toListedEvent } from './listedEvent';

const NOW = Date.UTC(2026, 4, 1, 18); // 1 PM in Chicago
const at = (id: string, offset: number, over: Record<string, unknown> = {}) =>
  toListedEvent(v.parse(eventSchema, eventAt(id, id, NOW, offset, over)));
const ids = (rows: Array<{ event: { id: string } }>) => rows.map((r) => r.event.id);

describe('currentAndUpcomingRows', () => {
  it('live events first (badged), then the next 7 days, each by start', () => {
    const current = [at('live-late', -HOUR), at('live-early', -2 * HOUR)];
    const upcoming = [at('in-3-days', 3 * DAY), at('in-2-hours', 2 * HOUR)];
    const { live, next } = currentAndUpcomingRows(current, upcoming, NOW);
    expect(ids(live)).toEqual(['live-early', 'live-late']);
    expect(live.every((r) => r.live)).toBe(true);
    expect(ids(next)).toEqual(['in-2-hours', 'in-3-days']);
    expect(next.some((r) => r.live)).toBe(false);
  });

  it('judges again on this clock: ended and too-far events go, a started one moves to live, once', () => {
    const ended = at('ended', -4 * HOUR); // no end: over after 3 h
    const startedSince = at('started-since', -60_000);
    const current = [ended, startedSince];
    const upcoming = [startedSince, at('in-10-days', 10 * DAY), at('in-7-days', 7 * DAY)];
    const { live, next } = currentAndUpcomingRows(current, upcoming, NOW);
    expect(ids(live)).toEqual(['started-since']);
    expect(ids(next)).toEqual(['in-7-days']);
  });

  it('an explicit end keeps a long event live', () => {
    const allDay = at('all-day', -6 * HOUR, { endTime: new Date(NOW + HOUR).toISOString() });
    expect(ids(currentAndUpcomingRows([allDay], [], NOW).live)).toEqual(['all-day']);
  });
});

describe('nearbyRows', () => {
  it('keeps those starting today or later at the venue, in the given order, LIVE where live', () => {
    const rows = nearbyRows([at('tomorrow', DAY), at('this-morning', -5 * HOUR), at('yesterday', -DAY), at('now', -HOUR)], NOW);
    expect(ids(rows)).toEqual(['tomorrow', 'this-morning', 'now']);
    expect(rows.map((r) => r.live)).toEqual([false, false, true]);
  });
});
