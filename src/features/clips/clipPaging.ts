import type { Clip, ClipEvent, Pagination } from './clipSchemas';

/** docs/product/part-2.md §9: 12 clips a page on the event and unassociated screens. */
export const CLIP_PAGE_SIZE = 12;
/** My Clips' events a page (the API's default; docs/product/part-2.md gives none). */
export const MY_CLIPS_PAGE_SIZE = 50;

export interface ClipPage {
  clips: Clip[];
  pagination: Pagination;
}

export interface EventClipsPage extends ClipPage {
  event: ClipEvent;
}

export interface MyClipsPage {
  events: ClipEvent[];
  pagination: Pagination;
  unassociatedClipsCount: number;
}

/**
 * The page after the last loaded one while the server says there is more; none otherwise, which ends
 * 'Load More' (RTK Query's `getNextPageParam`; docs/product/part-2.md §4 "Clip list paging").
 */
export function nextPageParam(
  lastPage: { pagination: Pagination },
  _allPages: unknown,
  lastPageParam: number,
): number | undefined {
  return lastPage.pagination.hasMore ? lastPageParam + 1 : undefined;
}
