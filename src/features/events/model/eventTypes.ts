import type { Event } from '../../../domain/event';

/**
 * An event as search results show it (docs/product/part-1.md §3 "Event search result"): the event and, from the
 * text search, how far it is in kilometres — that search's unit, which the discovery lists (miles) do not share.
 */
export type EventSummary = Event & {
  /** Kilometres from the searcher, when the search was made near a point. */
  distance: number | null;
};
