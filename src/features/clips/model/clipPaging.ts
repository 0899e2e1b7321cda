import type { Clip } from '../../../domain/clip';
import type { ClipEvent, Pagination } from '../api/clipSchemas';

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
