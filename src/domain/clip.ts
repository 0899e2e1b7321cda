import * as v from 'valibot';
import { idSchema, optionalNumber, optionalText } from './fields';

/**
 * A clip as the API sends it (docs/api.md "Clips"; docs/product/part-2.md §3 "Clip"). Other users' clips come
 * without the private fields, so everything but the id and the recording time may be missing.
 */
export const clipSchema = v.object({
  id: idSchema,
  eventId: v.optional(v.nullable(idSchema), null),
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

export type ClipWire = v.InferOutput<typeof clipSchema>;

/** A clip as the cards show it. */
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

export function toClip(raw: ClipWire): Clip {
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
