import type { ApiFailure } from '../../../api/apiErrors';
import type { EventPayload } from '../api/eventsApi';
import { venueZone } from '../../../lib/venueTime';
import { localToUtcIso } from '../../../lib/wallTime';

/** Add Event texts (docs/product/part-1.md §8 "Add Event"), plus ours for times that cannot be used. */
export const EVENT_TEXT = {
  required: 'Please fill in all required fields',
  noLocations: 'No locations found',
  searchFailed: 'Failed to search locations',
  createFailed: 'Failed to create event',
  created: 'Event created successfully!',
  invalidTime: 'Please enter a valid date and time',
  endBeforeStart: 'End Time must not be before Start Time',
} as const;

/** Suggestions for the free-text Sport field. */
export const SPORT_SUGGESTIONS = [
  'Basketball',
  'Soccer',
  'Baseball',
  'Football',
  'Hockey',
  'Volleyball',
  'Tennis',
  'Swimming',
  'Track',
] as const;

/** The chosen venue, as much of it as the payload needs. */
export interface EventLocation {
  id: string;
  timezone: string;
}

/** What the form holds: text as typed, times as `datetime-local` values (wall time at the venue). */
export interface EventForm {
  name: string;
  sport: string;
  startTime: string;
  endTime: string;
  location: EventLocation | null;
}

export type EventPayloadResult = { ok: true; payload: EventPayload } | { ok: false; message: string };

/**
 * Checks the form (docs/product/part-1.md §5 "Add Event": name, sport, start time and a chosen location are
 * required; end time is optional) and builds the payload with both times in UTC, converted in the
 * location's time zone.
 */
export function buildEventPayload(form: EventForm): EventPayloadResult {
  const name = form.name.trim();
  const sport = form.sport.trim();
  if (!name || !sport || !form.startTime || !form.location) return { ok: false, message: EVENT_TEXT.required };

  const zone = venueZone(form.location.timezone);
  const startTime = localToUtcIso(form.startTime, zone);
  const endTime = form.endTime ? localToUtcIso(form.endTime, zone) : null;
  if (!startTime || (form.endTime && !endTime)) return { ok: false, message: EVENT_TEXT.invalidTime };
  if (endTime && Date.parse(endTime) < Date.parse(startTime)) return { ok: false, message: EVENT_TEXT.endBeforeStart };

  return { ok: true, payload: { name, sport, startTime, endTime, locationId: form.location.id } };
}

/** A failed location search: the server's error text when it sent one, else ours. */
export function locationSearchFailedMessage(failure: ApiFailure): string {
  return failure.serverMessage ?? EVENT_TEXT.searchFailed;
}

export const EMPTY_EVENT_FORM: EventForm = { name: '', sport: '', startTime: '', endTime: '', location: null };
