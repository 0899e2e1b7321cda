import type * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import {
  shareResponseSchema,
  sharedHighlightsResponseSchema,
  sharesResponseSchema,
  toShareLink,
  toSharedHighlight,
  type ExpiresInDays,
  type ShareLink,
  type SharedHighlight,
} from './shareSchemas';

/** Every shared highlight (/highlights/share); one highlight's links are `{ Share, highlightId }`. */
export const SHARE_LIST = { type: 'Share', id: 'LIST' } as const;
const highlightShares = (highlightId: string) => ({ type: 'Share' as const, id: highlightId });

export interface CreateShareArgs {
  highlightId: string;
  expiresInDays: ExpiresInDays;
}

export interface RevokeShareArgs {
  shareId: string;
  /** The highlight whose links change (the cache entries to update). */
  highlightId: string;
}

const highlightPath = (highlightId: string) => `highlights/${encodeURIComponent(highlightId)}/shares`;

/** The share-link calls (docs/api.md "Share links"). */
export const sharesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/highlights/{id}/shares: a new link (201). */
    createShare: build.mutation<ShareLink, CreateShareArgs>({
      query: ({ highlightId, expiresInDays }) => ({ url: highlightPath(highlightId), method: 'POST', body: { expiresInDays } }),
      rawResponseSchema: shareResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof shareResponseSchema>) => toShareLink(data.share),
      invalidatesTags: (answer, _error, { highlightId }) => (answer ? [highlightShares(highlightId), SHARE_LIST] : []),
    }),
    /** GET /api/v1/highlights/{id}/shares: the highlight's links, every state, newest first. */
    getHighlightShares: build.query<ShareLink[], string>({
      query: (highlightId) => highlightPath(highlightId),
      rawResponseSchema: sharesResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof sharesResponseSchema>) => data.shares.map(toShareLink),
      providesTags: (_answer, _error, highlightId) => [highlightShares(highlightId)],
    }),
    /** GET /api/v1/shares: the highlights with at least one link, the newest link first. */
    getSharedHighlights: build.query<SharedHighlight[], void>({
      query: () => 'shares',
      rawResponseSchema: sharedHighlightsResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof sharedHighlightsResponseSchema>) =>
        data.highlights.map(toSharedHighlight),
      providesTags: [SHARE_LIST],
    }),
    /** POST /api/v1/shares/{shareId}/revoke: idempotent; someone else's or unknown → 404. */
    revokeShare: build.mutation<ShareLink, RevokeShareArgs>({
      query: ({ shareId }) => ({ url: `shares/${encodeURIComponent(shareId)}/revoke`, method: 'POST' }),
      rawResponseSchema: shareResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof shareResponseSchema>) => toShareLink(data.share),
      // The revoked link shows as such at once in whatever list holds it; the lists are asked again as well (the
      // view counts may have moved, and a 404 means the list was out of date).
      async onQueryStarted({ highlightId }, { dispatch, queryFulfilled }) {
        let revoked: ShareLink;
        try {
          revoked = (await queryFulfilled).data;
        } catch {
          return;
        }
        const replace = (links: ShareLink[]) => {
          const i = links.findIndex((link) => link.shareId === revoked.shareId);
          if (i >= 0) links[i] = revoked;
        };
        dispatch(sharesApi.util.updateQueryData('getHighlightShares', highlightId, replace));
        dispatch(
          sharesApi.util.updateQueryData('getSharedHighlights', undefined, (groups) => {
            for (const group of groups) replace(group.shares);
          }),
        );
      },
      invalidatesTags: (_answer, _error, { highlightId }) => [highlightShares(highlightId), SHARE_LIST],
    }),
  }),
});

export const { useCreateShareMutation, useGetHighlightSharesQuery, useGetSharedHighlightsQuery, useRevokeShareMutation } =
  sharesApi;
