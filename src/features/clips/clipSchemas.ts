import * as v from 'valibot';
import { envelope } from '../../api/envelope';
import { paginationSchema } from '../../api/pagination';
import { venueZone } from '../../lib/venueTime';

/**
 * The clip calls' answers (docs/product/part-2.md §3 Clip, Event, Pagination; §7), checked at the boundary as
 * RTK Query `rawResponseSchema`s: a malformed answer is 'Unexpected response format', never a crash. Fields
 * the screens do not need may be missing; optional ones may be null.
 */

const id = v.pipe(v.union([v.string(), v.number()]), v.transform(String));
const optionalText = v.optional(v.nullable(v.string()), null);
const optionalNumber = v.optional(v.nullable(v.number()), null);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A clip as the API sends it; the tag calls reuse it (a tag's matching clip is a clip plus its offset). */
export const rawClipSchema = v.object({
  id,
  eventId: v.optional(v.nullable(id), null),
  thumbnailUrl: optionalText,
  videoUrl: optionalText,
  /** Seconds. */
  duration: optionalNumber,
  /** When the recording started (ISO). */
  timestamp: v.string(),
  tag: optionalText,
  device: optionalText,
  user: v.optional(v.nullable(v.object({ email: optionalText })), null),
});

const rawEventEntries = {
  id,
  name: v.string(),
  sport: v.optional(v.nullable(v.string()), null),
  startTime: v.string(),
  endTime: optionalText,
  timezone: optionalText,
  location: v.optional(
    v.nullable(v.object({ name: optionalText, city: optionalText, state: optionalText, timezone: optionalText })),
    null,
  ),
};
/** An event as the clip and tag calls send it (counts optional). */
export const rawEventSchema = v.object({ ...rawEventEntries, clipCount: v.optional(v.nullable(count), null) });
/** My Clips is a list of clip counts: there the count is required. */
const rawCountedEventSchema = v.object({ ...rawEventEntries, clipCount: count });

/** GET /api/v1/clips */
export const myClipsResponseSchema = envelope(
  v.object({
    events: v.array(rawCountedEventSchema),
    pagination: paginationSchema,
    unassociatedClipsCount: v.optional(count, 0),
  }),
);

/** GET /api/v1/clips/event/{eventId} */
export const eventClipsResponseSchema = envelope(
  v.object({ event: rawEventSchema, clips: v.array(rawClipSchema), pagination: paginationSchema }),
);

/** GET /api/v1/clips/unassociated */
export const unassociatedClipsResponseSchema = envelope(
  v.object({ clips: v.array(rawClipSchema), pagination: paginationSchema }),
);

export type RawClip = v.InferOutput<typeof rawClipSchema>;
export type RawEvent = v.InferOutput<typeof rawEventSchema>;
export type { Pagination } from '../../api/pagination';

/** A clip as the cards show it (docs/product/part-2.md §3 "Clip"). */
export interface Clip {
  id: string;
  eventId: string | null;
  thumbnailUrl: string | null;
  /** Null: nothing to play (docs/product/part-2.md §4 "Preview": playing only if a video URL exists). */
  videoUrl: string | null;
  durationSeconds: number | null;
  /** ISO instant the recording started. */
  recordedAt: string;
  tag: string | null;
  device: string | null;
  uploaderEmail: string | null;
}

/** An event as the clip screens show it: its name, venue and start on the venue's clock, the user's clip count. */
export interface ClipEvent {
  id: string;
  name: string;
  sport: string;
  startTime: string;
  /** The venue's IANA zone; always usable (the location's, else the default zone when missing). */
  timezone: string;
  location: { name: string; city: string; state: string };
  /** The caller's clips at the event, when the answer says. */
  clipCount: number | null;
}

export function toClip(raw: RawClip): Clip {
  return {
    id: raw.id,
    eventId: raw.eventId,
    thumbnailUrl: raw.thumbnailUrl || null,
    videoUrl: raw.videoUrl || null,
    durationSeconds: raw.duration,
    recordedAt: raw.timestamp,
    tag: raw.tag || null,
    device: raw.device || null,
    uploaderEmail: raw.user?.email ?? null,
  };
}

/** Defaults as for event search results (docs/product/part-1.md §3): 'Location TBD', 'TBD', the default zone. */
export function toClipEvent(raw: RawEvent): ClipEvent {
  const loc = raw.location;
  return {
    id: raw.id,
    name: raw.name,
    sport: raw.sport ?? '',
    startTime: raw.startTime,
    timezone: venueZone(raw.timezone, venueZone(loc?.timezone)),
    location: { name: loc?.name || 'Location TBD', city: loc?.city || 'TBD', state: loc?.state || 'TBD' },
    clipCount: raw.clipCount,
  };
}
