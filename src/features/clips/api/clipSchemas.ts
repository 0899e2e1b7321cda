import * as v from 'valibot';
import { envelope } from '../../../api/envelope';
import { paginationSchema } from '../../../api/pagination';
import { clipSchema } from '../../../domain/clip';
import { eventSchema, toEvent, type Event, type EventWire } from '../../../domain/event';
import { countSchema } from '../../../domain/fields';

/**
 * The clip calls' answers (docs/product/part-2.md §7; docs/api.md "Clips"), built from the domain's clip and event
 * and checked at the boundary as RTK Query `rawResponseSchema`s: a malformed answer is 'Unexpected response format',
 * never a crash.
 */

/** My Clips is a list of the caller's clip counts: there the count is required. */
const countedEventSchema = v.object({ ...eventSchema.entries, clipCount: countSchema });

/** GET /api/v1/clips */
export const myClipsResponseSchema = envelope(
  v.object({
    events: v.array(countedEventSchema),
    pagination: paginationSchema,
    unassociatedClipsCount: v.optional(countSchema, 0),
  }),
);

/** GET /api/v1/clips/event/{eventId} */
export const eventClipsResponseSchema = envelope(
  v.object({ event: eventSchema, clips: v.array(clipSchema), pagination: paginationSchema }),
);

/** GET /api/v1/clips/unassociated */
export const unassociatedClipsResponseSchema = envelope(v.object({ clips: v.array(clipSchema), pagination: paginationSchema }));

export type { Pagination } from '../../../api/pagination';

/** An event as the clip screens show it: the event with the caller's clip count, when the answer says. */
export type ClipEvent = Event & Pick<EventWire, 'clipCount'>;

export function toClipEvent(raw: EventWire): ClipEvent {
  return { ...toEvent(raw), clipCount: raw.clipCount };
}
