import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';
import { tagSchema } from '../../../domain/tag';
import type { CreateTagBody } from '../model/tagPayload';

/** An answer that does not come in this long is treated as a lost connection: the tag is kept and sent again. */
export const CREATE_TAG_TIMEOUT_MS = 15_000;

/** POST /api/v1/tags answer: success, data {id, timestamp, metadata} (docs/product/part-2.md §7); only the id and time are read. */
export const createTagResponseSchema = envelope(v.pick(tagSchema, ['id', 'timestamp']));

export interface CreateTagArgs {
  body: CreateTagBody;
  /** The tag's client id: every try of one tap carries it, so the server makes the tag once (docs/api.md "Tags"). */
  idempotencyKey: string;
}

/**
 * What a sent tag makes stale: every tag list (and the user-content event lists, which provide `{Tag, LIST}`),
 * and per event its tags and its tag count (`{Event, id}`, provided by every answer that shows the event).
 * The sending tab invalidates them through createTag; the other tabs when they hear of the tag (tagOutboxSaga.ts).
 */
export const sentTagCacheTags = (eventIds: Iterable<string>) => [
  { type: 'Tag' as const, id: 'LIST' },
  ...[...new Set(eventIds)].flatMap((eventId) => [
    { type: 'Tag' as const, id: eventId },
    { type: 'Event' as const, id: eventId },
  ]),
];

/** TAG NOW's one call; only the outbox saga sends it. A made tag refreshes the lists that show it (sentTagCacheTags). */
export const tagCreateApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTag: build.mutation<{ id: string }, CreateTagArgs>({
      query: ({ body, idempotencyKey }) => ({
        url: 'tags',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        timeout: CREATE_TAG_TIMEOUT_MS,
      }),
      rawResponseSchema: createTagResponseSchema,
      transformResponse: ({ data }: v.InferOutput<typeof createTagResponseSchema>) => ({ id: data.id }),
      invalidatesTags: (made, _error, { body }) => (made ? sentTagCacheTags([body.eventId]) : []),
    }),
  }),
});
