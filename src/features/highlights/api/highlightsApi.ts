import type * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { toHighlight, type Highlight } from '../../../domain/highlight';
import {
  downloadUrlResponseSchema,
  highlightResponseSchema,
  highlightsResponseSchema,
  streamUrlResponseSchema,
} from './highlightSchemas';

/** Highlights a page of the list, newest first ('Load More Highlights' asks for the next; the API's default size). */
export const HIGHLIGHTS_PAGE_SIZE = 50;

export interface HighlightsPage {
  highlights: Highlight[];
  /** Every highlight the user has (the count), which may exceed the ones loaded. */
  total: number;
  hasMore: boolean;
}

/** The page after the last loaded one while the server says there is more; none ends 'Load More Highlights'. */
export function nextHighlightsPage(lastPage: HighlightsPage, _allPages: unknown, lastPageParam: number): number | undefined {
  return lastPage.hasMore ? lastPageParam + 1 : undefined;
}

export interface DownloadLink {
  downloadUrl: string;
  /** Null when the server sent none (the §7 fallback then names the file). */
  filename: string | null;
}

/** Goes stale when the editor comes back with a new highlight (the list invalidates it). */
export const HIGHLIGHT_LIST = { type: 'Highlight', id: 'LIST' } as const;

const highlightTag = (id: string) => ({ type: 'Highlight' as const, id });

/**
 * The highlights calls (docs/product/part-2.md §7). Signed media URLs are short-lived (15 min): they are fetched
 * when needed and not kept once nobody uses them.
 */
export const highlightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/v1/highlights?page&limit: the user's highlights, newest first, page after page. Polling and an
     * invalidation refetch every loaded page in turn, so the list stays whole.
     */
    getHighlights: build.infiniteQuery<HighlightsPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextHighlightsPage },
      query: ({ pageParam }) => ({ url: 'highlights', params: { page: pageParam, limit: HIGHLIGHTS_PAGE_SIZE } }),
      rawResponseSchema: highlightsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof highlightsResponseSchema>): HighlightsPage => {
        const highlights = data.highlights.map(toHighlight);
        // An answer without pagination is a whole list.
        return { highlights, total: data.pagination?.total ?? highlights.length, hasMore: data.pagination?.hasMore ?? false };
      },
      providesTags: (loaded) => [
        HIGHLIGHT_LIST,
        ...(loaded?.pages ?? []).flatMap((page) => page.highlights.map((h) => highlightTag(h.id))),
      ],
    }),
    /** GET /api/v1/highlights/{id}: one highlight (the viewer opened from a deep link, or followed while it renders). */
    getHighlight: build.query<Highlight, string>({
      query: (id) => `highlights/${encodeURIComponent(id)}`,
      rawResponseSchema: highlightResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof highlightResponseSchema>) => toHighlight(data.highlight),
      providesTags: (_answer, _error, id) => [highlightTag(id)],
    }),
    /** GET /api/v1/highlights/{id}/stream-url: a signed URL the player streams from (409 while processing). */
    getHighlightStreamUrl: build.query<string, string>({
      query: (id) => `highlights/${encodeURIComponent(id)}/stream-url`,
      rawResponseSchema: streamUrlResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof streamUrlResponseSchema>) => data.streamUrl,
      // A fresh signature for every visit: an old one may have run out.
      keepUnusedDataFor: 0,
    }),
    /** GET /api/v1/highlights/{id}/download-url: a signed URL answered with `Content-Disposition: attachment`. */
    getHighlightDownloadUrl: build.query<DownloadLink, string>({
      query: (id) => `highlights/${encodeURIComponent(id)}/download-url`,
      rawResponseSchema: downloadUrlResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof downloadUrlResponseSchema>): DownloadLink => ({
        downloadUrl: data.downloadUrl,
        filename: data.filename?.trim() || null,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetHighlightsInfiniteQuery,
  useGetHighlightQuery,
  useGetHighlightStreamUrlQuery,
  useLazyGetHighlightDownloadUrlQuery,
} = highlightsApi;
