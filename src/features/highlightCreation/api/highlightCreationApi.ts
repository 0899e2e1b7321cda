import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';
import { paginationSchema } from '../../../api/pagination';
import { clipSchema, toClip, type Clip } from '../../../domain/clip';
import { eventSchema } from '../../../domain/event';
import { toClipEvent, type ClipEvent } from '../../clips/public';
import { toTag, type Tag } from '../../../domain/tag';
import { eventTagsResponseSchema } from '../../tags/public';

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
/** §9: "tags 50 per page there", after the first 200. */
export const TAG_PAGE_SIZE = 50;
export const TAG_CLIPS_LIMIT = 300;
/** GET /events/{id}/clips answers 12 a page; a full page means there may be more (§7). */
export const SELECTION_PAGE_SIZE = 12;

const eventResponseSchema = envelope(eventSchema);
const clipsResponseSchema = envelope(v.object({ clips: v.array(clipSchema), pagination: paginationSchema }));
const selectionClipsResponseSchema = envelope(v.object({ clips: v.array(clipSchema) }));

export interface HighlightClipsPage {
  clips: Clip[];
  hasMore: boolean;
  total: number | null;
}

export interface ClipsPageParam {
  page: number;
  limit: number;
}

/** A page of the caller's tags at the event, each with every user's clips near it. */
export interface HighlightTagsPage {
  tags: Tag[];
  hasMore: boolean;
  /** How many tags the caller has at the event, when the server says. */
  total: number | null;
}

/** The server's page and limit; its offset is (page − 1) × limit (server/lib/clipViews.ts `offsetOf`). */
export type TagsPageParam = ClipsPageParam;

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
  return pageAfter(
    allPages.reduce((n, page) => n + page.clips.length, 0),
    CLIP_PAGE_SIZE,
  );
}

/**
 * After the first 200 tags, 50 at a time: page n / 50 + 1 of 50 after n loaded (200 → page 5, offset 200). A page
 * that came short while the server said there were more (tags deleted meanwhile) ends the paging, as for clips.
 */
export function nextTagsPageParam(lastPage: HighlightTagsPage, allPages: HighlightTagsPage[]): TagsPageParam | undefined {
  if (!lastPage.hasMore) return undefined;
  return pageAfter(
    allPages.reduce((n, page) => n + page.tags.length, 0),
    TAG_PAGE_SIZE,
  );
}

/** The page of `size` that starts right after `loaded` items, when `loaded` is a whole number of such pages. */
function pageAfter(loaded: number, size: number): ClipsPageParam | undefined {
  if (loaded === 0 || loaded % size !== 0) return undefined;
  return { page: loaded / size + 1, limit: size };
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
    /**
     * GET /api/v1/tags/event/{eventId}?page=1&limit=200&clipLimit=300: the caller's tags, each with its clips; then
     * 50 a page (§9). A refetch (a sent tag, an upload) asks every loaded page again.
     */
    getHighlightTags: build.infiniteQuery<HighlightTagsPage, string, TagsPageParam>({
      infiniteQueryOptions: {
        initialPageParam: { page: 1, limit: TAGS_LIMIT },
        getNextPageParam: nextTagsPageParam,
      },
      query: ({ queryArg: eventId, pageParam }) => ({
        url: `tags/event/${encodeURIComponent(eventId)}`,
        params: { page: pageParam.page, limit: pageParam.limit, clipLimit: TAG_CLIPS_LIMIT },
      }),
      rawResponseSchema: eventTagsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof eventTagsResponseSchema>): HighlightTagsPage => ({
        tags: data.tags.map(toTag),
        hasMore: data.pagination.hasMore,
        total: data.pagination.total,
      }),
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
  useGetHighlightTagsInfiniteQuery,
  useGetHighlightClipsInfiniteQuery,
  useGetSelectionClipsInfiniteQuery,
} = highlightCreationApi;
