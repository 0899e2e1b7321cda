import { eventClipsPath, eventClipsStateOf, eventHeaderOf, readEventClipsState } from './clipNavigation';
import type { ClipEvent } from '../api/clipSchemas';

const EVENT: ClipEvent = {
  id: 'ev 1',
  name: 'City Cup Final',
  sport: 'Soccer',
  startTime: '2026-07-04T23:00:00.000Z',
  endTime: null,
  timezone: 'America/New_York',
  location: { name: 'Fenway Park', city: 'Boston', state: 'MA', latitude: null, longitude: null },
  clipCount: 3,
};

describe('the state My Clips carries to an event’s clips (docs/product/part-2.md §2)', () => {
  it('is eventName, locationName, eventDate and clipCount, with the venue’s zone and the user it was made for', () => {
    expect(eventClipsStateOf(EVENT, 'user-a')).toEqual({
      userId: 'user-a',
      eventName: 'City Cup Final',
      locationName: 'Fenway Park',
      eventDate: '2026-07-04T23:00:00.000Z',
      clipCount: 3,
      timezone: 'America/New_York',
    });
    expect(eventClipsPath('ev 1')).toBe('/clips/event/ev%201');
  });

  it('is read back only when it has that shape (a deep link has none)', () => {
    const state = eventClipsStateOf(EVENT, 'user-a');
    expect(readEventClipsState(state, 'user-a')).toEqual(state);
    expect(readEventClipsState(null, 'user-a')).toBeNull();
    expect(readEventClipsState({ eventName: 'x' }, 'user-a')).toBeNull();
    expect(readEventClipsState({ ...state, clipCount: '3' }, 'user-a')).toBeNull();
  });

  it('is read back only for the user it was made for (it outlives a sign-out in the tab’s history)', () => {
    const state = eventClipsStateOf(EVENT, 'user-a');
    expect(readEventClipsState(state, 'user-b')).toBeNull();
    expect(readEventClipsState(state, null)).toBeNull();
    // A state from before the stamp names no one: no one trusts it.
    const { userId: _, ...unstamped } = state;
    expect(readEventClipsState(unstamped, 'user-a')).toBeNull();
    expect(readEventClipsState({ ...state, userId: '' }, '')).toBeNull();
  });
});

describe('eventHeaderOf', () => {
  const state = {
    userId: 'user-a',
    eventName: 'From My Clips',
    locationName: 'Park',
    eventDate: '2026-07-04T23:00:00.000Z',
    clipCount: 2,
  };

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
