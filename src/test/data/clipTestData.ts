/** Answers of the clip calls as the local API sends them (docs/product/part-2.md §3, /work contract), for tests. */

export const EVENT_ID = '7f9c2b1e-0000-4000-8000-000000000001';

export function rawEvent(overrides: Record<string, unknown> = {}) {
  return {
    id: EVENT_ID,
    name: 'City Cup Final',
    sport: 'Soccer',
    startTime: '2026-07-04T23:00:00.000Z',
    endTime: null,
    locationId: 'loc-1',
    timezone: 'America/New_York',
    location: {
      id: 'loc-1',
      name: 'Fenway Park',
      city: 'Boston',
      state: 'MA',
      address: '4 Jersey St',
      coordinates: { lat: 42.3467, lng: -71.0972 },
      latitude: 42.3467,
      longitude: -71.0972,
    },
    clipCount: 3,
    tagCount: 0,
    ...overrides,
  };
}

/** The n-th clip (1-based), recorded n minutes after 23:00 UTC on 4 July 2026 (7 PM in New York). */
export function rawClip(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `clip-${n}`,
    eventId: EVENT_ID,
    filename: `clip${n}.mp4`,
    size: 1000,
    duration: 62 + n,
    width: 320,
    height: 240,
    thumbnailUrl: `/media/clips/clip-${n}/thumbnail?sig=x`,
    videoUrl: `/media/clips/clip-${n}/video?sig=x`,
    timestamp: new Date(Date.UTC(2026, 6, 4, 23, n)).toISOString(),
    device: 'Apple iPhone 15 Pro',
    tag: n === 1 ? 'Opening goal' : null,
    user: { email: 'coach.kim@example.com' },
    ...overrides,
  };
}

export const pagination = (page: number, total: number, limit = 12) => ({
  total,
  hasMore: page * limit < total,
  page,
  limit,
});

/** Page `page` of `total` clips of the event (12 a page). */
export function eventClipsAnswer(page: number, total: number, event = rawEvent()) {
  const first = (page - 1) * 12 + 1;
  const count = Math.max(0, Math.min(12, total - first + 1));
  return {
    success: true,
    data: { event, clips: Array.from({ length: count }, (_, i) => rawClip(first + i)), pagination: pagination(page, total) },
  };
}

export function myClipsAnswer(events: object[], unassociatedClipsCount = 0) {
  return { success: true, data: { events, pagination: pagination(1, events.length, 50), unassociatedClipsCount } };
}

export function unassociatedAnswer(page: number, total: number) {
  const first = (page - 1) * 12 + 1;
  const count = Math.max(0, Math.min(12, total - first + 1));
  return {
    success: true,
    data: {
      clips: Array.from({ length: count }, (_, i) => rawClip(first + i, { eventId: null, tag: null })),
      pagination: pagination(page, total),
    },
  };
}
