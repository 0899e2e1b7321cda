import * as v from 'valibot';
import { envelope } from '../../../api/envelope';
import { paginationSchema } from '../../../api/pagination';
import { eventSchema, type EventWire } from '../../../domain/event';
import { countSchema, optionalText } from '../../../domain/fields';
import { tagSchema } from '../../../domain/tag';
import { toClipEvent, type ClipEvent } from '../../clips/public';

/**
 * The tag calls' answers (docs/api.md "Tags"; docs/product/part-2.md §7), built from the domain's tag and event and
 * checked at the boundary as RTK Query `rawResponseSchema`s: a malformed answer is 'Unexpected response format',
 * never a crash.
 */

/** My Tagged Events and Event tags add when the caller last tagged the event. */
const taggedEventSchema = v.object({ ...eventSchema.entries, latestTagAt: optionalText });

/** GET /tags pages by offset (docs/api.md): `{ total, hasMore, offset, limit }`, beside `data`. */
const offsetPaginationSchema = v.object({
  total: countSchema,
  hasMore: v.boolean(),
  offset: countSchema,
  limit: countSchema,
});

/** GET /api/v1/tags?limit&offset: the tags are `data` itself; the pagination sits beside it. */
export const myTagsResponseSchema = v.object({
  ...envelope(v.array(tagSchema)).entries,
  pagination: offsetPaginationSchema,
});

/** GET /api/v1/tags/events */
export const taggedEventsResponseSchema = envelope(
  v.object({ events: v.array(taggedEventSchema), pagination: paginationSchema }),
);

/** GET /api/v1/tags/clips/{eventId} */
export const eventTagsResponseSchema = envelope(
  v.object({ event: taggedEventSchema, tags: v.array(tagSchema), pagination: paginationSchema }),
);

export type OffsetPagination = v.InferOutput<typeof offsetPaginationSchema>;

/** An event with the caller's tag count (My Tagged Events, Event tags). */
export type TaggedEvent = ClipEvent & Pick<EventWire, 'tagCount'> & { latestTagAt: string | null };

export function toTaggedEvent(raw: v.InferOutput<typeof taggedEventSchema>): TaggedEvent {
  return { ...toClipEvent(raw), tagCount: raw.tagCount, latestTagAt: raw.latestTagAt };
}
