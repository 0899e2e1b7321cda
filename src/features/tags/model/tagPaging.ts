import type { Pagination } from '../../../api/pagination';
import type { Tag, TagEventRef } from '../../../domain/tag';
import type { OffsetPagination, TaggedEvent } from '../api/tagSchemas';

/** docs/product/part-2.md §9 "All My Tags: first page 20, following 10". */
export const FIRST_TAGS_PAGE_SIZE = 20;
export const NEXT_TAGS_PAGE_SIZE = 10;
/** My Tagged Events' events a page (the spec gives none; the API allows up to 100). */
export const TAGGED_EVENTS_PAGE_SIZE = 50;
/** docs/product/part-2.md §7, §9: the Event tags screen asks for up to 250 tags at once. */
export const EVENT_TAGS_LIMIT = 250;

/** GET /tags is paged by offset: where a page starts (a number of tags) and how many it holds. */
export interface TagPageParam {
  offset: number;
  limit: number;
}

export const FIRST_TAGS_PAGE: TagPageParam = { offset: 0, limit: FIRST_TAGS_PAGE_SIZE };

export interface TagsPage {
  tags: Tag[];
  pagination: OffsetPagination;
}

export interface TaggedEventsPage {
  events: TaggedEvent[];
  pagination: Pagination;
}

/**
 * The page after the loaded ones (RTK Query's `getNextPageParam`): 10 tags starting right after the last tag
 * loaded — offsets 0 (20 tags), 20, 30, 40 … — so no tag is skipped or repeated. The spec's "offset is 10 per
 * page" is the step between these later pages, not a page number: an offset of 10 after a first page of 20 would
 * repeat tags 11–20. The next offset counts the tags the last page really held, so a short page (a tag deleted
 * meanwhile) skips nothing; an empty page ends the list whatever `hasMore` says, so paging cannot loop.
 */
export function nextTagPageParam(lastPage: TagsPage, _allPages: unknown, lastPageParam: TagPageParam): TagPageParam | undefined {
  if (!lastPage.pagination.hasMore || lastPage.tags.length === 0) return undefined;
  return { offset: lastPageParam.offset + lastPage.tags.length, limit: NEXT_TAGS_PAGE_SIZE };
}

/** An event and its tags, as All My Tags shows them. */
export interface TagGroup {
  /** The event's id (a group per event). */
  id: string;
  event: TagEventRef;
  tags: Tag[];
}

/**
 * All My Tags grouped by event (docs/product/part-2.md §2): the event of the newest tag first, then the others
 * by their newest tag; within an event, newest first. Ordering events by their newest tag (as GET /tags/events
 * does) keeps a group in place while later pages load: a later page only adds older tags, so it appends groups
 * or lengthens one, and never inserts a group above what the user is reading.
 */
export function groupTagsByEvent(tags: readonly Tag[]): TagGroup[] {
  const newestFirst = [...tags].sort(byNewest);
  const groups = new Map<string, TagGroup>();
  for (const tag of newestFirst) {
    const group = groups.get(tag.event.id);
    if (group) group.tags.push(tag);
    else groups.set(tag.event.id, { id: tag.event.id, event: tag.event, tags: [tag] });
  }
  return [...groups.values()];
}

/** Newest first, then id descending (the API's order), whatever order the pages came in; an unreadable time last. */
function byNewest(a: Tag, b: Tag): number {
  const diff = instantOf(b) - instantOf(a);
  if (diff !== 0) return diff;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function instantOf(tag: Tag): number {
  const ms = Date.parse(tag.timestamp);
  return Number.isNaN(ms) ? Number.MIN_SAFE_INTEGER : ms;
}
