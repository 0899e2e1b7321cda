/** The Recent Events picker's two views (docs/product/part-2.md §2 "Recent Events picker"). */
export type RecentView = 'mine' | 'all';

export const RECENT_VIEW_LABEL: Record<RecentView, string> = {
  mine: 'With My Content',
  all: 'All Events',
};

/** The view in the address (`?show=all`), so a reload, a shared link and Back keep the choice. */
export function readRecentView(value: string | null): RecentView | null {
  return value === 'mine' || value === 'all' ? value : null;
}

/** The longest search the picker sends (the server reads 200 characters). */
export const RECENT_SEARCH_MAX = 200;

/** The words the list is narrowed to (`?q=`): trimmed, at most RECENT_SEARCH_MAX characters; '' for none. */
export function readRecentSearch(value: string | null): string {
  return (value ?? '').trim().slice(0, RECENT_SEARCH_MAX);
}

/** A detection answer as the picker reads it: the events in `data`. */
export interface DetectionAnswer {
  events: readonly unknown[];
}

/**
 * How many events a detection answer holds in `data`: 0 or 1 under `limit=1` (a server that sent more still
 * counts as 1, "has some"); null without an answer.
 */
const detectedCount = (answer: DetectionAnswer | undefined): number | null => (answer ? Math.min(answer.events.length, 1) : null);

/**
 * The picker's default (docs/product/part-2.md §4, §7) from the answers of the two `limit=1` calls,
 * `timeFilter=recent&userAssociated=true&limit=1` (`mine`) and `timeFilter=recent&limit=1` (`all`), read for
 * their `data`: each holds 0 or 1 event. 'All Events' only when the all-events answer has more than the user's,
 * that is the user has no content at a recent event but there are recent events; otherwise 'With My Content',
 * and so when the detection failed or gave no answer. (Not their `pagination.total`: the user's events are
 * among all events, so comparing totals would pick 'All Events' whenever anyone else's event is recent.)
 */
export function recentPickerDefault(
  mine: DetectionAnswer | undefined,
  all: DetectionAnswer | undefined,
  failed: boolean,
): RecentView {
  const mineCount = detectedCount(mine);
  const allCount = detectedCount(all);
  if (failed || mineCount === null || allCount === null) return 'mine';
  return allCount > mineCount ? 'all' : 'mine';
}

/** Where the picker is shown: Recent Events, or the event choice that starts a highlight. */
export type RecentPickerContext = 'clips' | 'highlights';

/** Where an event leads (docs/product/part-2.md §2): its clips, or the highlight creation for it. */
export function recentEventHref(context: RecentPickerContext, eventId: string): string {
  const id = encodeURIComponent(eventId);
  return context === 'highlights' ? `/highlights/create/${id}` : `/clips/event/${id}`;
}
