import { eventTagsHeaderOf, eventTagsPath, eventTagsStateOf, readEventTagsState } from './tagNavigation';

const EVENT = {
  name: 'City Cup Final',
  startTime: '2026-07-04T23:00:00.000Z',
  timezone: 'America/New_York' as string | null,
  location: { name: 'Fenway Park' },
};

describe('the state All My Tags and My Tagged Events carry to Event tags (docs/product/part-2.md §2)', () => {
  it('is the event’s name, venue and start, its zone and tag count when known, and the user it was made for', () => {
    expect(eventTagsStateOf({ ...EVENT, tagCount: 3 }, 'user-a')).toEqual({
      userId: 'user-a',
      eventName: 'City Cup Final',
      locationName: 'Fenway Park',
      eventDate: '2026-07-04T23:00:00.000Z',
      timezone: 'America/New_York',
      tagCount: 3,
    });
    expect(eventTagsStateOf({ ...EVENT, timezone: null }, 'user-a')).toEqual({
      userId: 'user-a',
      eventName: 'City Cup Final',
      locationName: 'Fenway Park',
      eventDate: '2026-07-04T23:00:00.000Z',
    });
    expect(eventTagsPath('ev 1')).toBe('/tags/by-event/ev%201');
  });

  it('is read back only with its shape, and only for the user it was made for', () => {
    const state = eventTagsStateOf(EVENT, 'user-a');
    expect(readEventTagsState(state, 'user-a')).toEqual(state);
    expect(readEventTagsState(state, 'user-b')).toBeNull();
    expect(readEventTagsState(state, null)).toBeNull();
    expect(readEventTagsState(null, 'user-a')).toBeNull();
    expect(readEventTagsState({ ...state, tagCount: -1 }, 'user-a')).toBeNull();
    const { userId: _, ...unstamped } = state;
    expect(readEventTagsState(unstamped, 'user-a')).toBeNull();
  });

  it('the header: the API’s event once it answered, else the state; nothing on a deep link before the answer', () => {
    const state = eventTagsStateOf({ ...EVENT, timezone: null, tagCount: 2 }, 'user-a');
    expect(eventTagsHeaderOf(null, null)).toBeNull();
    expect(eventTagsHeaderOf(null, state)).toEqual({
      name: 'City Cup Final',
      place: 'Fenway Park',
      startTime: '2026-07-04T23:00:00.000Z',
      timezone: null,
      tagCount: 2,
    });
    const loaded = { ...EVENT, name: 'City Cup Final (renamed)', timezone: 'America/New_York', tagCount: 3 };
    expect(eventTagsHeaderOf(loaded, state)).toEqual({
      name: 'City Cup Final (renamed)',
      place: 'Fenway Park',
      startTime: '2026-07-04T23:00:00.000Z',
      timezone: 'America/New_York',
      tagCount: 3,
    });
  });
});
