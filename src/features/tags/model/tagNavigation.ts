import * as v from 'valibot';
import type { TagEventRef } from '../../../domain/tag';

/**
 * docs/product/part-2.md §2: opening an event from All My Tags or My Tagged Events carries the event in the
 * navigation state, so Event tags has its header at once (a deep link waits for the API's event).
 *
 * As for the clip pages (clips/model/clipNavigation.ts): the state stays in the tab's history after a sign-out, so it
 * names the user it was made for and is read back only for that user — the next user of a shared tablet pressing
 * Back must not see the previous user's event.
 */
export interface EventTagsState {
  /** The signed-in user who opened the event (selectSignedInUserId). */
  userId: string;
  eventName: string;
  locationName: string;
  /** The event's start (ISO). */
  eventDate: string;
  /** The venue's zone; absent when the list that opened the event did not know it. */
  timezone?: string;
  /** The caller's tags at the event, when the list knew it. */
  tagCount?: number;
}

const stateSchema = v.object({
  userId: v.pipe(v.string(), v.minLength(1)),
  eventName: v.string(),
  locationName: v.string(),
  eventDate: v.string(),
  timezone: v.optional(v.string()),
  tagCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

export const TAGGED_EVENTS_PATH = '/tags/by-event';

export const eventTagsPath = (eventId: string) => `${TAGGED_EVENTS_PATH}/${encodeURIComponent(eventId)}`;

export function eventTagsStateOf(
  event: Pick<TagEventRef, 'name' | 'startTime' | 'timezone'> & { location: { name: string }; tagCount?: number | null },
  userId: string,
): EventTagsState {
  const state: EventTagsState = {
    userId,
    eventName: event.name,
    locationName: event.location.name,
    eventDate: event.startTime,
  };
  if (event.timezone) state.timezone = event.timezone;
  if (typeof event.tagCount === 'number') state.tagCount = event.tagCount;
  return state;
}

/** The history entry's state when it was made for `userId`, the user signed in now; null otherwise. */
export function readEventTagsState(state: unknown, userId: string | null): EventTagsState | null {
  if (userId === null) return null;
  const parsed = v.safeParse(stateSchema, state);
  return parsed.success && parsed.output.userId === userId ? parsed.output : null;
}

/** What the Event tags header shows. */
export interface EventTagsHeader {
  name: string;
  place: string;
  startTime: string;
  /** Null: the zone is not known yet, and the start is not shown (rather than on a guessed clock). */
  timezone: string | null;
  tagCount: number | null;
}

/** The API's event once it answered (fresher), else the navigation state, else nothing yet (a deep link). */
export function eventTagsHeaderOf(
  loaded: { name: string; location: { name: string }; startTime: string; timezone: string; tagCount: number | null } | null,
  state: EventTagsState | null,
): EventTagsHeader | null {
  if (loaded) {
    return {
      name: loaded.name,
      place: loaded.location.name,
      startTime: loaded.startTime,
      timezone: loaded.timezone,
      tagCount: loaded.tagCount ?? state?.tagCount ?? null,
    };
  }
  if (!state) return null;
  return {
    name: state.eventName,
    place: state.locationName,
    startTime: state.eventDate,
    timezone: state.timezone ?? null,
    tagCount: state.tagCount ?? null,
  };
}
