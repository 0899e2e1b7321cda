/** An event as search results show it (docs/product/part-1.md §3 "Event search result"). */
export interface EventSummary {
  id: string;
  name: string;
  sport: string;
  startTime: string;
  endTime: string | null;
  /**
   * The venue's IANA time zone ('America/New_York'): event times are shown as the venue's clock reads
   * them. Always a usable zone: a missing or unknown one becomes the location's, else 'America/Chicago'.
   */
  timezone: string;
  location: {
    name: string;
    city: string;
    state: string;
    latitude: number | null;
    longitude: number | null;
  };
  /** Kilometres from the searcher, when the search was made near a point. */
  distance: number | null;
}
