import * as v from 'valibot';
import { tagSchema, toTag } from './tag';

/** A tag as GET /tags sends it (docs/api.md "Tags"): its event without zone or counts, one matching clip. */
const wireTag = {
  id: 'tag-001',
  timestamp: '2026-07-04T23:58:00.000Z',
  event: {
    id: 'ev-1',
    name: 'City Cup Final',
    sport: 'Soccer',
    startTime: '2026-07-04T23:00:00.000Z',
    location: { id: 'loc-1', name: 'Fenway Park', city: 'Boston', state: 'MA', latitude: 42.3467, longitude: -71.0972 },
  },
  metadata: { type: 'moment', description: ' Goal ' },
  clips: {
    items: [{ id: 'c-1', eventId: 'ev-1', duration: 90, timestamp: '2026-07-04T23:57:30.000Z', offsetSeconds: 30 }],
    total: 1,
  },
};

describe('the tag schema', () => {
  it('reads a tag: its event (no zone guessed), its trimmed description and its clips with their offsets', () => {
    expect(toTag(v.parse(tagSchema, wireTag))).toEqual({
      id: 'tag-001',
      timestamp: '2026-07-04T23:58:00.000Z',
      event: {
        id: 'ev-1',
        name: 'City Cup Final',
        sport: 'Soccer',
        startTime: '2026-07-04T23:00:00.000Z',
        endTime: null,
        timezone: null,
        location: { name: 'Fenway Park', city: 'Boston', state: 'MA', latitude: 42.3467, longitude: -71.0972 },
      },
      type: 'moment',
      description: 'Goal',
      clips: [
        {
          id: 'c-1',
          eventId: 'ev-1',
          thumbnailUrl: null,
          videoUrl: null,
          durationSeconds: 90,
          recordedAt: '2026-07-04T23:57:30.000Z',
          tag: null,
          device: null,
          uploaderEmail: null,
          offsetSeconds: 30,
        },
      ],
    });
  });

  it('reads a bare tag (numeric id, no metadata, no clips) as a moment without description or clips', () => {
    const tag = toTag(v.parse(tagSchema, { ...wireTag, id: 5, metadata: null, clips: undefined }));
    expect([tag.id, tag.type, tag.description, tag.clips]).toEqual(['5', 'moment', null, []]);
  });

  it('takes the zone the answer names for the event, else its location’s; an unknown one is none', () => {
    const zoneOf = (event: object) =>
      toTag(v.parse(tagSchema, { ...wireTag, event: { ...wireTag.event, ...event } })).event.timezone;
    expect(zoneOf({ timezone: 'America/New_York' })).toBe('America/New_York');
    expect(zoneOf({ location: { name: 'Wrigley', timezone: 'America/Chicago' } })).toBe('America/Chicago');
    expect(zoneOf({ timezone: 'Mars/Base' })).toBeNull();
  });

  it.each([
    ['no timestamp', { ...wireTag, timestamp: undefined }, 'timestamp'],
    ['no event', { ...wireTag, event: undefined }, 'event'],
    ['an event without a name', { ...wireTag, event: { ...wireTag.event, name: null } }, 'event.name'],
    [
      'a clip without its offset',
      { ...wireTag, clips: { items: [{ ...wireTag.clips.items[0], offsetSeconds: 'x' }] } },
      'clips.items.0.offsetSeconds',
    ],
  ])('refuses a tag with %s, naming the field', (_what, raw, field) => {
    const parsed = v.safeParse(tagSchema, raw);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0] && v.getDotPath(parsed.issues[0])).toBe(field);
  });
});
