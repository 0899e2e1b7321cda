/** Answers of the tag read calls as the local API sends them (docs/api.md "Tags"), for tests. */

export const EVENT_ID = '7f9c2b1e-0000-4000-8000-0000000000e1';
export const OTHER_EVENT_ID = '7f9c2b1e-0000-4000-8000-0000000000e2';

const location = {
  id: 'loc-1',
  name: 'Fenway Park',
  city: 'Boston',
  state: 'MA',
  address: '4 Jersey St',
  coordinates: { lat: 42.3467, lng: -71.0972 },
  latitude: 42.3467,
  longitude: -71.0972,
};

/** The event as GET /tags/events and GET /tags/clips/{id} send it: with its zone and the caller's counts. */
export function rawTaggedEvent(overrides: Record<string, unknown> = {}) {
  return {
    id: EVENT_ID,
    name: 'City Cup Final',
    sport: 'Soccer',
    startTime: '2026-07-04T23:00:00.000Z',
    endTime: null,
    locationId: 'loc-1',
    timezone: 'America/New_York',
    location,
    clipCount: 1,
    tagCount: 2,
    latestTagAt: '2026-07-04T23:30:00.000Z',
    ...overrides,
  };
}

/** A clip matching a tag: recorded at 23:00:30 UTC, 90 s long; the tag falls `offsetSeconds` into it. */
export function rawTagClip(id: string, offsetSeconds: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    eventId: EVENT_ID,
    filename: `${id}.mp4`,
    size: 1000,
    duration: 90,
    width: 320,
    height: 240,
    thumbnailUrl: `/media/clips/${id}/thumbnail?sig=x`,
    videoUrl: `/media/clips/${id}/video?sig=x`,
    timestamp: '2026-07-04T23:00:30.000Z',
    device: 'Apple iPhone 15 Pro',
    tag: null,
    user: { email: 'coach.kim@example.com' },
    offsetSeconds,
    ...overrides,
  };
}

/**
 * The n-th newest tag (1-based) of a user with many: n minutes before 23:59 UTC on 4 July 2026, at the event, no
 * clips. As GET /tags sends it: the event without zone or counts.
 */
export function rawTag(n: number, overrides: Record<string, unknown> = {}) {
  const { id, name, sport, startTime } = rawTaggedEvent();
  return {
    id: `tag-${String(n).padStart(3, '0')}`,
    timestamp: new Date(Date.UTC(2026, 6, 4, 23, 59 - n)).toISOString(),
    event: { id, name, sport, startTime, location },
    metadata: { type: 'moment', description: `Moment ${n}` },
    clips: { items: [] as unknown[] },
    ...overrides,
  };
}

/** GET /tags?offset&limit over `total` tags (rawTag 1 … total, newest first). */
export function myTagsAnswer(offset: number, limit: number, total: number, tag = rawTag) {
  const count = Math.max(0, Math.min(limit, total - offset));
  return {
    success: true,
    data: Array.from({ length: count }, (_, i) => tag(offset + i + 1)),
    pagination: { total, hasMore: offset + limit < total, offset, limit },
  };
}

export function taggedEventsAnswer(events: object[], page = 1, total = events.length) {
  return { success: true, data: { events, pagination: { total, hasMore: page * 50 < total, page, limit: 50 } } };
}

export function eventTagsAnswer(tags: object[], event = rawTaggedEvent()) {
  return { success: true, data: { event, tags, pagination: { total: tags.length, hasMore: false, page: 1, limit: 250 } } };
}
