import type { ClipEvent } from './clipSchemas';

/**
 * An invented event for the build's stand-in answers (src/prerender/loadedStyles.ts): no one's data, every field a
 * screen shows filled in, so the loaded screens it renders draw what a real event draws.
 */
export function standInEvent(id: string): ClipEvent {
  return {
    id,
    name: 'Event',
    sport: 'Sport',
    startTime: '2026-01-01T10:00:00.000Z',
    timezone: 'UTC',
    location: { name: 'Venue', city: 'City', state: 'ST' },
    clipCount: 2,
  };
}
