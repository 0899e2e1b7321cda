import * as v from 'valibot';
import { DEFAULT_TAG_TYPE } from '../app/product';
import { venueZone } from '../lib/venueTime';
import { clipSchema, toClip, type Clip } from './clip';
import { eventSchema, toEvent, type Event, type EventWire } from './event';
import { idSchema, optionalText } from './fields';

/**
 * A tag (a tagged moment) as the API sends it (docs/api.md "Tags"; docs/product/part-2.md §3 "Tag"). Its matching
 * clips are the clip object plus `offsetSeconds`; its event is the event object (GET /tags sends it without counts).
 */
export const tagClipSchema = v.object({ ...clipSchema.entries, offsetSeconds: v.pipe(v.number(), v.finite()) });

export const tagSchema = v.object({
  id: idSchema,
  timestamp: v.string(),
  event: eventSchema,
  metadata: v.optional(v.nullable(v.object({ type: optionalText, description: optionalText })), null),
  clips: v.optional(v.nullable(v.object({ items: v.array(tagClipSchema) })), null),
});

export type TagWire = v.InferOutput<typeof tagSchema>;

/** A clip that matches a tag, and where the tag falls in it. */
export type TagClip = Clip & {
  /** Tag time − clip start, in seconds: negative when the clip starts after the moment. */
  offsetSeconds: number;
};

/**
 * A tag's event. The zone is null when an answer does not carry one (another server, an older one): the screens
 * then show times on the device's clock rather than guess a venue's.
 */
export type TagEventRef = Omit<Event, 'timezone'> & { timezone: string | null };

/** A tagged moment as the screens show it. */
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

/** The zone the answer names for the event (its own, else its location's), or null. */
function zoneOf(raw: EventWire): string | null {
  return venueZone(raw.timezone, venueZone(raw.location?.timezone, '')) || null;
}

export function toTag(raw: TagWire): Tag {
  return {
    id: raw.id,
    timestamp: raw.timestamp,
    event: { ...toEvent(raw.event), timezone: zoneOf(raw.event) },
    type: raw.metadata?.type || DEFAULT_TAG_TYPE,
    description: raw.metadata?.description?.trim() || null,
    clips: (raw.clips?.items ?? []).map((clip) => ({ ...toClip(clip), offsetSeconds: clip.offsetSeconds })),
  };
}
