import type * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { numberedPages, type Pagination } from '../../../api/pagination';
import { toTag, type Tag } from '../../../domain/tag';
import {
  EVENT_TAGS_LIMIT,
  FIRST_TAGS_PAGE,
  nextTagPageParam,
  TAGGED_EVENTS_PAGE_SIZE,
  type TaggedEventsPage,
  type TagPageParam,
  type TagsPage,
} from '../model/tagPaging';
import {
  eventTagsResponseSchema,
  myTagsResponseSchema,
  taggedEventsResponseSchema,
  toTaggedEvent,
  type TaggedEvent,
} from './tagSchemas';

/** What Event tags shows: the event (with the caller's counts) and its tags, oldest first. */
export interface EventTagsAnswer {
  event: TaggedEvent;
  tags: Tag[];
  pagination: Pagination;
}

/** Every list of tags goes stale when a tag is made: the TAG NOW flow invalidates `{Tag, LIST}`. */
const TAG_LIST = { type: 'Tag', id: 'LIST' } as const;

/** Per event: `{Tag, id}` (its tags) and `{EventClips, id}` (an upload there may add a matching clip). */
const eventTags = (eventIds: Iterable<string>) =>
  [...new Set(eventIds)].flatMap((id) => [
    { type: 'Tag' as const, id },
    { type: 'EventClips' as const, id },
  ]);

/**
 * The read-side tag calls (docs/product/part-2.md §7; docs/api.md "Tags"). All My Tags and My Tagged Events are
 * infinite queries: the next page on request or scroll, and an invalidation refetches every loaded page in turn,
 * so a list stays whole after a new tag. Event tags is one call of up to 250 tags (§9), not paged.
 */
export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/tags?limit&offset: the caller's tags, newest first, 20 then 10 a page (tagPaging.ts). */
    getMyTags: build.infiniteQuery<TagsPage, void, TagPageParam>({
      infiniteQueryOptions: { initialPageParam: FIRST_TAGS_PAGE, getNextPageParam: nextTagPageParam },
      query: ({ pageParam }) => ({ url: 'tags', params: { limit: pageParam.limit, offset: pageParam.offset } }),
      rawResponseSchema: myTagsResponseSchema,
      transformResponse: (answer: v.InferOutput<typeof myTagsResponseSchema>): TagsPage => ({
        tags: answer.data.map(toTag),
        pagination: answer.pagination,
      }),
      providesTags: (loaded) => [TAG_LIST, ...eventTags((loaded?.pages ?? []).flatMap((p) => p.tags.map((t) => t.event.id)))],
    }),
    /**
     * GET /api/v1/tags/events?page&limit: the events the caller tagged, the newest tag's event first, with tag
     * counts. Paged like My Clips (50 a page, 'Load More'): a fixed `limit=100` would silently drop the 101st event.
     */
    getTaggedEvents: build.infiniteQuery<TaggedEventsPage, void, number>({
      infiniteQueryOptions: numberedPages,
      query: ({ pageParam }) => ({ url: 'tags/events', params: { page: pageParam, limit: TAGGED_EVENTS_PAGE_SIZE } }),
      rawResponseSchema: taggedEventsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof taggedEventsResponseSchema>): TaggedEventsPage => ({
        events: data.events.map(toTaggedEvent),
        pagination: data.pagination,
      }),
      providesTags: (loaded) => [TAG_LIST, ...eventTags((loaded?.pages ?? []).flatMap((p) => p.events.map((e) => e.id)))],
    }),
    /** GET /api/v1/tags/clips/{eventId}?limit=250: the caller's tags at the event, each with its matching clips. */
    getEventTags: build.query<EventTagsAnswer, string>({
      query: (eventId) => ({ url: `tags/clips/${encodeURIComponent(eventId)}`, params: { limit: EVENT_TAGS_LIMIT } }),
      rawResponseSchema: eventTagsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof eventTagsResponseSchema>): EventTagsAnswer => ({
        event: toTaggedEvent(data.event),
        tags: data.tags.map(toTag),
        pagination: data.pagination,
      }),
      providesTags: (_loaded, _error, eventId) => [TAG_LIST, ...eventTags([eventId])],
    }),
  }),
});

export const { useGetMyTagsInfiniteQuery, useGetTaggedEventsInfiniteQuery, useGetEventTagsQuery } = tagsApi;
