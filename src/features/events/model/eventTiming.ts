import { DateTime } from 'luxon';
import { DEFAULT_EVENT_LENGTH_MS } from '../../../app/product';
import type { EventSummary } from './eventTypes';

type Timed = Pick<EventSummary, 'startTime' | 'endTime'>;

/** Current & Upcoming lists the events starting within this many days (docs/product/part-2.md §9). */
export const UPCOMING_WINDOW_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant of the API as epoch ms; NaN when unreadable (an unreadable event is neither live nor upcoming). */
const msOf = (iso: string | null): number => (iso ? Date.parse(iso) : NaN);

/** When the event ends: its end time, else its start plus the default length. */
export function eventEndMs(event: Timed): number {
  const end = msOf(event.endTime);
  return Number.isNaN(end) ? msOf(event.startTime) + DEFAULT_EVENT_LENGTH_MS : end;
}

/** LIVE: started at or before now, and its end (or start + 3 h) at or after now (docs/product/part-2.md §4). */
export function isLive(event: Timed, now: number): boolean {
  const start = msOf(event.startTime);
  return start <= now && now <= eventEndMs(event);
}

/** Starts after now and at most `days` days from now: the API's (now, now + days] window. */
export function isUpcoming(event: Timed, now: number, days: number = UPCOMING_WINDOW_DAYS): boolean {
  const start = msOf(event.startTime);
  return start > now && start <= now + days * DAY_MS;
}

/**
 * Starts today or later, "today" being the venue's date (docs/product/part-2.md §9, Nearby Events): a game
 * that began this morning at the venue still counts; one that began yesterday does not, even if it is
 * still going.
 */
export function startsTodayOrLater(event: Pick<EventSummary, 'startTime' | 'timezone'>, now: number): boolean {
  const start = DateTime.fromISO(event.startTime, { zone: event.timezone });
  if (!start.isValid) return false;
  return start >= DateTime.fromMillis(now, { zone: event.timezone }).startOf('day');
}
