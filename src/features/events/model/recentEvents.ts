import * as v from 'valibot';
import { useCallback, useState } from 'react';
import { readJson, StorageKeys, writeJson } from '../../../app/storage';
import { storedEventSchema } from './eventSearchCache';
import type { EventSummary } from './eventTypes';

/** Recent events (docs/product/part-1.md §9): an event becomes recent when the user selects it. */
export const RECENT_EVENTS_MAX = 10;
export const RECENT_EVENTS_SHOWN = 5;

const recentSchema = v.object({ event: storedEventSchema, selectedAt: v.number() });

export type RecentEvent = v.InferOutput<typeof recentSchema>;

const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** The kept entries in stored order (most recent first), once per event; corrupt storage counts as none. */
export function readRecentEntries(): RecentEvent[] {
  const stored = readJson('persistent', StorageKeys.recentEvents, isArray);
  if (stored.status !== 'ok') return [];
  const seen = new Set<string>();
  return stored.value
    .flatMap((raw) => {
      const parsed = v.safeParse(recentSchema, raw);
      return parsed.success ? [parsed.output] : [];
    })
    .filter((r) => (seen.has(r.event.id) ? false : (seen.add(r.event.id), true)))
    .slice(0, RECENT_EVENTS_MAX);
}

export function readRecentEvents(): EventSummary[] {
  return readRecentEntries().map((r) => r.event);
}

/** The ones a picker shows (5). */
export function recentEventsToShow(): EventSummary[] {
  return readRecentEvents().slice(0, RECENT_EVENTS_SHOWN);
}

/** Puts `event` first (once), keeps 10, and returns the new list of events. */
export function rememberRecentEvent(event: EventSummary, now: number): EventSummary[] {
  const entries = [{ event, selectedAt: now }, ...readRecentEntries().filter((r) => r.event.id !== event.id)].slice(
    0,
    RECENT_EVENTS_MAX,
  );
  writeJson('persistent', StorageKeys.recentEvents, entries); // a full storage only costs the list
  return entries.map((r) => r.event);
}

/** For pickers: the recent events to show and the function that records a selection. */
export function useRecentEvents(clock: () => number = Date.now): {
  recent: EventSummary[];
  remember: (event: EventSummary) => void;
} {
  const [recent, setRecent] = useState(recentEventsToShow);
  const remember = useCallback(
    (event: EventSummary) => setRecent(rememberRecentEvent(event, clock()).slice(0, RECENT_EVENTS_SHOWN)),
    [clock],
  );
  return { recent, remember };
}

/** Records a selected event as recent (for screens that select events without showing the list). */
export function useRememberRecentEvent(clock: () => number = Date.now): (event: EventSummary) => void {
  return useCallback((event: EventSummary) => void rememberRecentEvent(event, clock()), [clock]);
}
