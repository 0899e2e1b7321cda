import type { EventSummary } from '../../features/events/public';
import type { CreatedTag } from '../../features/tags/model/tagTypes';

/** A live event as Tag Moments gets it from a search (tests only). */
export const tagEvent: EventSummary = {
  id: 'e-1',
  name: 'Finals',
  sport: 'Soccer',
  startTime: '2026-11-23T17:00:00.000Z',
  endTime: '2026-11-23T20:00:00.000Z',
  timezone: 'America/New_York',
  location: { name: 'Riverside Park', city: 'Chicago', state: 'IL', latitude: 41.88, longitude: -87.63 },
  distance: null,
};

export const createdTag = (over: Partial<CreatedTag> = {}): CreatedTag => ({
  clientId: 'c-1',
  serverId: null,
  eventId: tagEvent.id,
  eventName: tagEvent.name,
  timezone: tagEvent.timezone,
  timestamp: '2026-11-23T18:30:05.250Z',
  description: null,
  location: null,
  status: 'sending',
  error: null,
  ...over,
});
