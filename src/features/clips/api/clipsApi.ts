import type * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { numberedPages } from '../../../api/pagination';
import { toClip } from '../../../domain/clip';
import { eventClipsResponseSchema, myClipsResponseSchema, toClipEvent, unassociatedClipsResponseSchema } from './clipSchemas';
import { CLIP_PAGE_SIZE, MY_CLIPS_PAGE_SIZE, type ClipPage, type EventClipsPage, type MyClipsPage } from '../model/clipPaging';

const clipTags = (loaded: { pages: ClipPage[] } | undefined) =>
  (loaded?.pages ?? []).flatMap((page) => page.clips.map((clip) => ({ type: 'Clip' as const, id: clip.id })));

/**
 * The clip calls (docs/product/part-2.md §7), each an infinite query: 'Load More' fetches the next page,
 * and an invalidation refetches every loaded page in turn, so the list stays whole. The tags are the
 * ones a completed upload invalidates (`completedUploadTags`): `{Clip, LIST}` for My Clips,
 * `{EventClips, eventId | 'UNASSOCIATED'}` and `{Event, id}` for a list of clips.
 */
export const clipsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/clips: the events the user has clips at, and the count of clips without an event. */
    getMyClipEvents: build.infiniteQuery<MyClipsPage, void, number>({
      infiniteQueryOptions: numberedPages,
      query: ({ pageParam }) => ({ url: 'clips', params: { page: pageParam, limit: MY_CLIPS_PAGE_SIZE } }),
      rawResponseSchema: myClipsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof myClipsResponseSchema>): MyClipsPage => ({
        events: data.events.map(toClipEvent),
        pagination: data.pagination,
        unassociatedClipsCount: data.unassociatedClipsCount,
      }),
      providesTags: (loaded) => [
        { type: 'Clip', id: 'LIST' },
        ...(loaded?.pages ?? []).flatMap((page) => page.events.map((event) => ({ type: 'Event' as const, id: event.id }))),
      ],
    }),
    /** GET /api/v1/clips/event/{eventId}?page&limit=12: the user's clips of one event, and the event. */
    getEventClips: build.infiniteQuery<EventClipsPage, string, number>({
      infiniteQueryOptions: numberedPages,
      query: ({ queryArg: eventId, pageParam }) => ({
        url: `clips/event/${encodeURIComponent(eventId)}`,
        params: { page: pageParam, limit: CLIP_PAGE_SIZE },
      }),
      rawResponseSchema: eventClipsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof eventClipsResponseSchema>): EventClipsPage => ({
        event: toClipEvent(data.event),
        clips: data.clips.map(toClip),
        pagination: data.pagination,
      }),
      providesTags: (loaded, _error, eventId) => [
        { type: 'EventClips', id: eventId },
        { type: 'Event', id: eventId },
        ...clipTags(loaded),
      ],
    }),
    /** GET /api/v1/clips/unassociated?page&limit=12: the user's clips without an event, newest first. */
    getUnassociatedClips: build.infiniteQuery<ClipPage, void, number>({
      infiniteQueryOptions: numberedPages,
      query: ({ pageParam }) => ({ url: 'clips/unassociated', params: { page: pageParam, limit: CLIP_PAGE_SIZE } }),
      rawResponseSchema: unassociatedClipsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof unassociatedClipsResponseSchema>): ClipPage => ({
        clips: data.clips.map(toClip),
        pagination: data.pagination,
      }),
      providesTags: (loaded) => [{ type: 'EventClips', id: 'UNASSOCIATED' }, ...clipTags(loaded)],
    }),
  }),
});

export const { useGetMyClipEventsInfiniteQuery, useGetEventClipsInfiniteQuery, useGetUnassociatedClipsInfiniteQuery } = clipsApi;
