import * as v from 'valibot';
import { envelope } from '../../api/envelope';
import { venueZone } from '../../lib/venueTime';
import { rawClipSchema, rawEventSchema, toClip, toClipEvent, type Clip, type ClipEvent } from '../clips/public';

/**
 * The tag calls' answers (docs/api.md "Tags"; docs/product/part-2.md §3 Tag, §7), checked at the boundary as
 * RTK Query `rawResponseSchema`s: a malformed answer is 'Unexpected response format', never a crash. A tag's
 * matching clip is the clip object the clip calls send, plus `offsetSeconds`, so the clip's schema and mapper
 * are reused.
 */

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const rawTagClipSchema = v.object({ ...rawClipSchema.entries, offsetSeconds: v.pipe(v.number(), v.finite()) });

/** The tag's event: GET /tags sends id, name, sport, startTime, timezone and location (no counts). */
const rawTagSchema = v.object({
  id: rawClipSchema.entries.id,
  timestamp: v.string(),
  event: rawEventSchema,
  metadata: v.optional(
    v.nullable(
      v.object({ type: v.optional(v.nullable(v.string()), null), description: v.optional(v.nullable(v.string()), null) }),
    ),
    null,
  ),
  clips: v.optional(v.nullable(v.object({ items: v.array(rawTagClipSchema) })), null),
});

/** An event in My Tagged Events, and the event of Event tags: the caller's counts. */
const rawTaggedEventSchema = v.object({
  ...rawEventSchema.entries,
  tagCount: v.optional(v.nullable(count), null),
  latestTagAt: v.optional(v.nullable(v.string()), null),
});

/** GET /tags pages by offset (docs/api.md): `{ total, hasMore, offset, limit }`, beside `data`. */
const offsetPaginationSchema = v.object({
  total: count,
  hasMore: v.boolean(),
  offset: count,
  limit: count,
});

/** The page-numbered listings (GET /tags/events, GET /tags/clips/{id}). */
const pagePaginationSchema = v.object({
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  hasMore: v.boolean(),
  total: v.optional(v.nullable(count), null),
});

/** GET /api/v1/tags?limit&offset: the tags are `data` itself; the pagination sits beside it. */
export const myTagsResponseSchema = v.object({
  ...envelope(v.array(rawTagSchema)).entries,
  pagination: offsetPaginationSchema,
});

/** GET /api/v1/tags/events */
export const taggedEventsResponseSchema = envelope(
  v.object({ events: v.array(rawTaggedEventSchema), pagination: pagePaginationSchema }),
);

/** GET /api/v1/tags/clips/{eventId} */
export const eventTagsResponseSchema = envelope(
  v.object({ event: rawTaggedEventSchema, tags: v.array(rawTagSchema), pagination: pagePaginationSchema }),
);

type RawTag = v.InferOutput<typeof rawTagSchema>;
type RawTaggedEvent = v.InferOutput<typeof rawTaggedEventSchema>;
export type OffsetPagination = v.InferOutput<typeof offsetPaginationSchema>;
export type PagePagination = v.InferOutput<typeof pagePaginationSchema>;

/** A clip that matches a tag, and where the tag falls in it. */
export type TagClip = Clip & {
  /** Tag time − clip start, in seconds: negative when the clip starts after the moment. */
  offsetSeconds: number;
};

/**
 * A tag's event. The zone is null when an answer does not carry one (another server, an older one): the screens
 * then show times on the device's clock rather than guess a venue's.
 */
export type TagEventRef = Omit<ClipEvent, 'timezone'> & { timezone: string | null };

/** A tagged moment (docs/product/part-2.md §3 "Tag"). */
export interface Tag {
  id: string;
  /** The tagged instant (ISO). */
  timestamp: string;
  event: TagEventRef;
  type: string;
  description: string | null;
  /** Ordered by recording time. */
  clips: TagClip[];
}

/** An event with the caller's tag count (My Tagged Events, Event tags). */
export type TaggedEvent = ClipEvent & { tagCount: number | null; latestTagAt: string | null };

/** The zone the answer names for the event (its own, else its location's), or null. */
function zoneOf(raw: RawTag['event']): string | null {
  return venueZone(raw.timezone, venueZone(raw.location?.timezone, '')) || null;
}

function toTagClip(raw: v.InferOutput<typeof rawTagClipSchema>): TagClip {
  return { ...toClip(raw), offsetSeconds: raw.offsetSeconds };
}

export function toTag(raw: RawTag): Tag {
  return {
    id: raw.id,
    timestamp: raw.timestamp,
    event: { ...toClipEvent(raw.event), timezone: zoneOf(raw.event) },
    type: raw.metadata?.type || 'moment',
    description: raw.metadata?.description?.trim() || null,
    clips: (raw.clips?.items ?? []).map(toTagClip),
  };
}

export function toTaggedEvent(raw: RawTaggedEvent): TaggedEvent {
  return { ...toClipEvent(raw), tagCount: raw.tagCount, latestTagAt: raw.latestTagAt };
}
