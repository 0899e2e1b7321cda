/** The geolocation numbers of docs/product/part-2.md §9, named once. */

/** A cached location is used for 15 minutes, then discarded (docs/product/part-2.md §4). */
export const LOCATION_CACHE_MS = 15 * 60_000;

/** How long the browser may take to answer. */
export const LOCATION_TIMEOUT_MS = 10_000;

/** How old a position the browser may hand back from its own cache (0 on a forced refresh). */
export const LOCATION_MAXIMUM_AGE_MS = 5 * 60_000;

/**
 * The saga's own deadline runs this much longer than the browser's timeout: the browser's TIMEOUT answer
 * normally comes first; the deadline is for a browser that never answers at all.
 */
export const LOCATION_DEADLINE_GRACE_MS = 2_000;

/** What `getCurrentPosition` is asked for; `force` (Try Again) refuses the browser's cached position. */
export function positionOptions(force: boolean): PositionOptions {
  return { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: force ? 0 : LOCATION_MAXIMUM_AGE_MS };
}
