import * as v from 'valibot';
import { venueZone } from '../../../lib/venueTime';
import type { ClipEvent } from '../api/clipSchemas';

/**
 * docs/product/part-2.md §2 "My Clips": opening an event carries eventName, locationName, eventDate and clipCount
 * in the navigation state, so its clips page has a header at once; the venue's zone rides along, so that
 * header shows the date on the venue's clock before the API answers.
 *
 * The state stays in the tab's history after sign-out (a shared tablet): the next user pressing Back into
 * /clips/event/{id} would see the previous user's event and clip count until the API answered. So it names
 * the user it was made for, and is read back only for that user.
 */
export interface EventClipsState {
  /** The signed-in user who opened the event (selectSignedInUserId). */
  userId: string;
  eventName: string;
  locationName: string;
  /** The event's start (ISO). */
  eventDate: string;
  clipCount: number;
  timezone?: string;
}

const stateSchema = v.object({
  userId: v.pipe(v.string(), v.minLength(1)),
  eventName: v.string(),
  locationName: v.string(),
  eventDate: v.string(),
  clipCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  timezone: v.optional(v.string()),
});

export const eventClipsPath = (eventId: string) => `/clips/event/${encodeURIComponent(eventId)}`;

export function eventClipsStateOf(event: ClipEvent, userId: string): EventClipsState {
  return {
    userId,
    eventName: event.name,
    locationName: event.location.name,
    eventDate: event.startTime,
    clipCount: event.clipCount ?? 0,
    timezone: event.timezone,
  };
}

/**
 * The state of the history entry, when it is one made for `userId`, the user signed in now (a deep link or a
 * reload from elsewhere has none; one left by another user, or from before the user stamp, is not trusted).
 */
export function readEventClipsState(state: unknown, userId: string | null): EventClipsState | null {
  if (userId === null) return null;
  const parsed = v.safeParse(stateSchema, state);
  return parsed.success && parsed.output.userId === userId ? parsed.output : null;
}

/** What the clips page's header shows. */
export interface EventHeader {
  name: string;
  place: string;
  startTime: string;
  timezone: string;
  clipCount: number | null;
}

/**
 * The header of /clips/event/{id}: the API's event once it answered (fresher: an upload may have added a
 * clip), else the navigation state, else nothing yet (a deep link before the first answer).
 */
export function eventHeaderOf(
  loaded: { event: ClipEvent; total: number | null } | null,
  state: EventClipsState | null,
): EventHeader | null {
  if (loaded) {
    const { event, total } = loaded;
    return {
      name: event.name,
      place: event.location.name,
      startTime: event.startTime,
      timezone: event.timezone,
      clipCount: total ?? event.clipCount ?? state?.clipCount ?? null,
    };
  }
  if (!state) return null;
  return {
    name: state.eventName,
    place: state.locationName,
    startTime: state.eventDate,
    timezone: venueZone(state.timezone),
    clipCount: state.clipCount,
  };
}
