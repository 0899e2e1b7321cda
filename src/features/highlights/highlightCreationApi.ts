import * as v from 'valibot';
import { api } from '../../api/apiSlice';
import { envelope } from '../../api/envelope';
import { rawClipSchema, rawEventSchema, toClip, toClipEvent, type Clip, type ClipEvent } from '../clips/public';
import { eventTagsResponseSchema, toTag, type Tag } from '../tags/public';

/**
 * The calls of the highlight screens (docs/product/part-2.md §7): the event, its tags with their clips, and its clips
 * — the caller's and every user's on Highlight creation, the caller's on Clip selection. None of these is asked
 * elsewhere in the app with these arguments (the clip screens ask 12 of the caller's clips a page with the event).
 */

/** §9 and §7 notes: the first load takes up to 500 clips of each list, 200 tags with up to 300 clips each. */
export const INITIAL_CLIPS_LIMIT = 500;
/** §9: 25 a page on the highlight creation screen, after the first 500. */
export const CLIP_PAGE_SIZE = 25;
export const TAGS_LIMIT = 200;
export const TAG_CLIPS_LIMIT = 300;
/** GET /events/{id}/clips answers 12 a page; a full page means there may be more (§7). */
export const SELECTION_PAGE_SIZE = 12;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const paginationSchema = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hasMore: v.boolean(),
  total: v.optional(v.nullable(count), null),
});

const eventResponseSchema = envelope(rawEventSchema);
const clipsResponseSchema = envelope(v.object({ clips: v.array(rawClipSchema), pagination: paginationSchema }));
const selectionClipsResponseSchema = envelope(v.object({ clips: v.array(rawClipSchema) }));

export interface HighlightClipsPage {
  clips: Clip[];
  hasMore: boolean;
  total: number | null;
}

export interface ClipsPageParam {
  page: number;
  limit: number;
}

export interface HighlightClipsArg {
  eventId: string;
  /** Every (visible) user's clips (allUsers=true), or the caller's own. */
  allUsers: boolean;
}

/**
 * After the first 500, 25 at a time: the server pages by page and limit, so the next 25 after n loaded clips is
 * page n / 25 + 1 of 25 (500 is a multiple of 25; a page that was not full had no more after it).
 */
export function nextClipsPageParam(lastPage: HighlightClipsPage, allPages: HighlightClipsPage[]): ClipsPageParam | undefined {
  if (!lastPage.hasMore) return undefined;
  const loaded = allPages.reduce((n, page) => n + page.clips.length, 0);
  if (loaded === 0 || loaded % CLIP_PAGE_SIZE !== 0) return undefined;
  return { page: loaded / CLIP_PAGE_SIZE + 1, limit: CLIP_PAGE_SIZE };
}

/** Clip selection: a full page of 12 means there may be more (§7). */
export function nextSelectionPage(lastPage: Clip[], _all: Clip[][], lastParam: number): number | undefined {
  return lastPage.length >= SELECTION_PAGE_SIZE ? lastParam + 1 : undefined;
}

export interface SelectionClipsArg {
  eventId: string;
  userId: string;
}

const eventTags = (eventId: string) => [
  { type: 'Event' as const, id: eventId },
  { type: 'EventClips' as const, id: eventId },
];

export const highlightCreationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/events/{eventId}: the header of both screens. */
    getHighlightEvent: build.query<ClipEvent, string>({
      query: (eventId) => ({ url: `events/${encodeURIComponent(eventId)}` }),
      rawResponseSchema: eventResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof eventResponseSchema>) => toClipEvent(data),
      providesTags: (_e, _err, eventId) => [{ type: 'Event', id: eventId }],
    }),
    /** GET /api/v1/tags/event/{eventId}?page=1&limit=200&clipLimit=300: the caller's tags, each with its clips. */
    getHighlightTags: build.query<Tag[], string>({
      query: (eventId) => ({
        url: `tags/event/${encodeURIComponent(eventId)}`,
        params: { page: 1, limit: TAGS_LIMIT, clipLimit: TAG_CLIPS_LIMIT },
      }),
      rawResponseSchema: eventTagsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof eventTagsResponseSchema>) => data.tags.map(toTag),
      providesTags: (_t, _err, eventId) => [{ type: 'Tag', id: 'LIST' }, { type: 'Tag', id: eventId }, ...eventTags(eventId)],
    }),
    /** GET /api/v1/clips/event/{eventId}?page&limit[&allUsers=true]: 500 first, then 25 a page. */
    getHighlightClips: build.infiniteQuery<HighlightClipsPage, HighlightClipsArg, ClipsPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { page: 1, limit: INITIAL_CLIPS_LIMIT },
        getNextPageParam: nextClipsPageParam,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `clips/event/${encodeURIComponent(queryArg.eventId)}`,
        params: { page: pageParam.page, limit: pageParam.limit, ...(queryArg.allUsers ? { allUsers: true } : {}) },
      }),
      rawResponseSchema: clipsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof clipsResponseSchema>): HighlightClipsPage => ({
        clips: data.clips.map(toClip),
        hasMore: data.pagination.hasMore,
        total: data.pagination.total,
      }),
      providesTags: (_p, _err, { eventId }) => eventTags(eventId),
    }),
    /** GET /api/v1/events/{eventId}/clips?page&userId&showAll=true: the caller's clips, 12 a page. */
    getSelectionClips: build.infiniteQuery<Clip[], SelectionClipsArg, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextSelectionPage },
      query: ({ queryArg, pageParam }) => ({
        url: `events/${encodeURIComponent(queryArg.eventId)}/clips`,
        params: { page: pageParam, userId: queryArg.userId, showAll: true },
      }),
      rawResponseSchema: selectionClipsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof selectionClipsResponseSchema>) => data.clips.map(toClip),
      providesTags: (_p, _err, { eventId }) => eventTags(eventId),
    }),
  }),
});

export const {
  useGetHighlightEventQuery,
  useGetHighlightTagsQuery,
  useGetHighlightClipsInfiniteQuery,
  useGetSelectionClipsInfiniteQuery,
} = highlightCreationApi;
