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

/**
 * The picker's default (docs/product/part-2.md §4): 'With My Content' unless all recent events outnumber
 * the user's, then 'All Events'; 'With My Content' when the detection failed. The counts are the totals of
 * `timeFilter=recent&userAssociated=true&limit=1` and `timeFilter=recent&limit=1` (§7).
 */
export function recentPickerDefault(mineCount: number | null, allCount: number | null, failed: boolean): RecentView {
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
