import { buildEventPayload, EVENT_TEXT, locationSearchFailedMessage, type EventForm } from './eventForm';

const wrigley = { id: 'wrigley-field-chicago-il', timezone: 'America/Chicago' };

const filled: EventForm = {
  name: '  Friday Night Hoops ',
  sport: ' Basketball ',
  startTime: '2026-07-04T19:00',
  endTime: '',
  location: wrigley,
};

describe('buildEventPayload', () => {
  it('builds the payload with trimmed text, the start in UTC and no end', () => {
    expect(buildEventPayload(filled)).toEqual({
      ok: true,
      payload: {
        name: 'Friday Night Hoops',
        sport: 'Basketball',
        startTime: '2026-07-05T00:00:00.000Z',
        endTime: null,
        locationId: 'wrigley-field-chicago-il',
      },
    });
  });

  it("converts both times in the location's time zone", () => {
    const result = buildEventPayload({
      ...filled,
      endTime: '2026-07-04T21:30',
      location: { id: 'dodger-stadium', timezone: 'America/Los_Angeles' },
    });
    expect(result).toMatchObject({
      ok: true,
      payload: { startTime: '2026-07-05T02:00:00.000Z', endTime: '2026-07-05T04:30:00.000Z', locationId: 'dodger-stadium' },
    });
  });

  it('uses America/Chicago when the location has no usable time zone', () => {
    expect(buildEventPayload({ ...filled, location: { id: 'x', timezone: '' } })).toMatchObject({
      ok: true,
      payload: { startTime: '2026-07-05T00:00:00.000Z' },
    });
    expect(buildEventPayload({ ...filled, location: { id: 'x', timezone: 'Nowhere/Land' } })).toMatchObject({
      ok: true,
      payload: { startTime: '2026-07-05T00:00:00.000Z' },
    });
  });

  it.each([
    ['name', { name: '   ' }],
    ['sport', { sport: '' }],
    ['start time', { startTime: '' }],
    ['location', { location: null }],
  ])('asks for every required field when the %s is missing', (_field, change) => {
    expect(buildEventPayload({ ...filled, ...change })).toEqual({ ok: false, message: 'Please fill in all required fields' });
  });

  it('refuses an end before the start, but accepts an end equal to it', () => {
    expect(buildEventPayload({ ...filled, endTime: '2026-07-04T18:59' })).toEqual({
      ok: false,
      message: EVENT_TEXT.endBeforeStart,
    });
    expect(buildEventPayload({ ...filled, endTime: '2026-07-04T19:00' })).toMatchObject({ ok: true });
  });

  it('compares the times as instants across the fall-back hour', () => {
    // 01:30 (first, CDT) to 01:45 is 15 minutes later, not 45 minutes earlier.
    expect(buildEventPayload({ ...filled, startTime: '2026-11-01T01:30', endTime: '2026-11-01T01:45' })).toMatchObject({
      ok: true,
      payload: { startTime: '2026-11-01T06:30:00.000Z', endTime: '2026-11-01T06:45:00.000Z' },
    });
  });

  it('refuses a time it cannot read', () => {
    expect(buildEventPayload({ ...filled, startTime: 'soon' })).toEqual({ ok: false, message: EVENT_TEXT.invalidTime });
    expect(buildEventPayload({ ...filled, endTime: 'later' })).toEqual({ ok: false, message: EVENT_TEXT.invalidTime });
  });
});

describe('locationSearchFailedMessage', () => {
  it("shows the server's error text, else 'Failed to search locations'", () => {
    expect(locationSearchFailedMessage({ status: 400, serverMessage: 'Bad query', code: 'INVALID_INPUT', details: null })).toBe(
      'Bad query',
    );
    expect(locationSearchFailedMessage({ status: 'network', serverMessage: null, code: null, details: null })).toBe(
      'Failed to search locations',
    );
  });
});
