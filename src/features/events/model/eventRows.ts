import { isLive, isUpcoming, startsTodayOrLater, UPCOMING_WINDOW_DAYS } from './eventTiming';
import type { ListedEvent } from './listedEvent';

/** One line of an event list: the event and whether it carries the LIVE badge now. */
export interface EventRow {
  event: ListedEvent;
  live: boolean;
}

const byStart = (a: ListedEvent, b: ListedEvent) => Date.parse(a.startTime) - Date.parse(b.startTime);

export const toRows = (events: readonly ListedEvent[], now: number): EventRow[] =>
  events.map((event) => ({ event, live: isLive(event, now) }));

/**
 * Current & Upcoming (docs/product/part-2.md §2, §4, §9): the live events first, then those starting in the
 * next 7 days, each by start time. Both answers are judged again on this clock, so an event that went live
 * (or ended) since the server answered sits where it now belongs, once.
 */
export function currentAndUpcomingRows(
  current: readonly ListedEvent[],
  upcoming: readonly ListedEvent[],
  now: number,
): { live: EventRow[]; next: EventRow[] } {
  const seen = new Set<string>();
  const all = [...current, ...upcoming].filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true))).sort(byStart);
  return {
    live: all.filter((e) => isLive(e, now)).map((event) => ({ event, live: true })),
    next: all.filter((e) => isUpcoming(e, now, UPCOMING_WINDOW_DAYS)).map((event) => ({ event, live: false })),
  };
}

/** Nearby Events: only those starting today or later at the venue (docs/product/part-2.md §9), nearest first. */
export function nearbyRows(events: readonly ListedEvent[], now: number): EventRow[] {
  return toRows(
    events.filter((e) => startsTodayOrLater(e, now)),
    now,
  );
}
