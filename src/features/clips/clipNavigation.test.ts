import { eventClipsPath, eventClipsStateOf, eventHeaderOf, readEventClipsState } from './clipNavigation';
import type { ClipEvent } from './clipSchemas';

const EVENT: ClipEvent = {
  id: 'ev 1',
  name: 'City Cup Final',
  sport: 'Soccer',
  startTime: '2026-07-04T23:00:00.000Z',
  timezone: 'America/New_York',
  location: { name: 'Fenway Park', city: 'Boston', state: 'MA' },
  clipCount: 3,
};

describe('the state My Clips carries to an event’s clips (docs/product/part-2.md §2)', () => {
  it('is eventName, locationName, eventDate and clipCount, with the venue’s zone', () => {
    expect(eventClipsStateOf(EVENT)).toEqual({
      eventName: 'City Cup Final',
      locationName: 'Fenway Park',
      eventDate: '2026-07-04T23:00:00.000Z',
      clipCount: 3,
      timezone: 'America/New_York',
    });
    expect(eventClipsPath('ev 1')).toBe('/clips/event/ev%201');
  });

  it('is read back only when it has that shape (a deep link has none)', () => {
    expect(readEventClipsState(eventClipsStateOf(EVENT))).toEqual(eventClipsStateOf(EVENT));
    expect(readEventClipsState(null)).toBeNull();
    expect(readEventClipsState({ eventName: 'x' })).toBeNull();
    expect(readEventClipsState({ ...eventClipsStateOf(EVENT), clipCount: '3' })).toBeNull();
  });
});

describe('eventHeaderOf', () => {
  const state = { eventName: 'From My Clips', locationName: 'Park', eventDate: '2026-07-04T23:00:00.000Z', clipCount: 2 };

  it('shows the navigation state at once, in the default zone when it has none', () => {
    expect(eventHeaderOf(null, state)).toEqual({
      name: 'From My Clips',
      place: 'Park',
      startTime: '2026-07-04T23:00:00.000Z',
      timezone: 'America/Chicago',
      clipCount: 2,
    });
  });

  it('then the API’s event, with the total of its clips', () => {
    expect(eventHeaderOf({ event: EVENT, total: 13 }, state)).toEqual({
      name: 'City Cup Final',
      place: 'Fenway Park',
      startTime: '2026-07-04T23:00:00.000Z',
      timezone: 'America/New_York',
      clipCount: 13,
    });
    expect(eventHeaderOf({ event: EVENT, total: null }, null)?.clipCount).toBe(3);
  });

  it('is nothing yet on a deep link before the answer', () => {
    expect(eventHeaderOf(null, null)).toBeNull();
  });
});
