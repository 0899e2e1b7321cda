import * as v from 'valibot';
import { eventTagsAnswer, myTagsAnswer, rawTag, rawTagClip, rawTaggedEvent, taggedEventsAnswer } from './tagBrowseTestData';
import { eventTagsResponseSchema, myTagsResponseSchema, taggedEventsResponseSchema, toTag, toTaggedEvent } from './tagSchemas';

describe('tag answers (docs/api.md "Tags")', () => {
  it('GET /tags: tags as data, the offset pagination beside it; a tag’s clips are clips plus their offset', () => {
    const answer = myTagsAnswer(0, 20, 1, (n) => rawTag(n, { clips: { items: [rawTagClip('c-1', 42.5)] } }));
    const parsed = v.parse(myTagsResponseSchema, answer);
    expect(parsed.pagination).toEqual({ total: 1, hasMore: false, offset: 0, limit: 20 });
    const tag = toTag(parsed.data[0]!);
    expect(tag).toEqual({
      id: 'tag-001',
      timestamp: '2026-07-04T23:58:00.000Z',
      event: {
        id: rawTaggedEvent().id,
        name: 'City Cup Final',
        sport: 'Soccer',
        startTime: '2026-07-04T23:00:00.000Z',
        // GET /tags names no zone: none is guessed.
        timezone: null,
        location: { name: 'Fenway Park', city: 'Boston', state: 'MA' },
        clipCount: null,
      },
      type: 'moment',
      description: 'Moment 1',
      clips: [
        {
          id: 'c-1',
          eventId: rawTaggedEvent().id,
          thumbnailUrl: '/media/clips/c-1/thumbnail?sig=x',
          videoUrl: '/media/clips/c-1/video?sig=x',
          durationSeconds: 90,
          recordedAt: '2026-07-04T23:00:30.000Z',
          tag: null,
          device: 'Apple iPhone 15 Pro',
          uploaderEmail: 'coach.kim@example.com',
          offsetSeconds: 42.5,
        },
      ],
    });
  });

  it('uses the event’s zone (or its location’s) when an answer names one', () => {
    const withZone = rawTag(1, { event: { ...rawTag(1).event, timezone: 'America/New_York' } });
    const withLocationZone = rawTag(2, {
      event: { ...rawTag(2).event, location: { name: 'Wrigley', timezone: 'America/Chicago' } },
    });
    const broken = rawTag(3, { event: { ...rawTag(3).event, timezone: 'Mars/Base' } });
    const tags = v
      .parse(myTagsResponseSchema, { ...myTagsAnswer(0, 20, 0), data: [withZone, withLocationZone, broken] })
      .data.map(toTag);
    expect(tags.map((t) => t.event.timezone)).toEqual(['America/New_York', 'America/Chicago', null]);
  });

  it('reads a tag without metadata or clips: type "moment", no description, no clips; a blank description is none', () => {
    const bare = rawTag(1, { metadata: null, clips: undefined });
    const blank = rawTag(2, { metadata: { type: 'goal', description: '   ' } });
    const tags = v.parse(myTagsResponseSchema, { ...myTagsAnswer(0, 20, 0), data: [bare, blank] }).data.map(toTag);
    expect(tags.map((t) => [t.type, t.description, t.clips])).toEqual([
      ['moment', null, []],
      ['goal', null, []],
    ]);
  });

  it('GET /tags/events: events with the caller’s tag counts and zone', () => {
    const parsed = v.parse(taggedEventsResponseSchema, taggedEventsAnswer([rawTaggedEvent({ tagCount: 7 })]));
    expect(parsed.data.pagination).toEqual({ page: 1, hasMore: false, total: 1 });
    expect(toTaggedEvent(parsed.data.events[0]!)).toMatchObject({
      name: 'City Cup Final',
      timezone: 'America/New_York',
      tagCount: 7,
      clipCount: 1,
      latestTagAt: '2026-07-04T23:30:00.000Z',
    });
  });

  it('GET /tags/clips/{id}: the event, its tags and a page', () => {
    const parsed = v.parse(eventTagsResponseSchema, eventTagsAnswer([rawTag(1), rawTag(2)]));
    expect(parsed.data.tags.map(toTag).map((t) => t.id)).toEqual(['tag-001', 'tag-002']);
    expect(toTaggedEvent(parsed.data.event).tagCount).toBe(2);
  });

  it.each([
    ['pagination missing', { success: true, data: [] }],
    ['data not a list', { success: true, data: { tags: [] }, pagination: { total: 0, hasMore: false, offset: 0, limit: 20 } }],
    ['a tag without timestamp', { ...myTagsAnswer(0, 20, 0), data: [{ ...rawTag(1), timestamp: undefined }] }],
    [
      'a clip without offset',
      { ...myTagsAnswer(0, 20, 0), data: [rawTag(1, { clips: { items: [{ ...rawTagClip('c', 1), offsetSeconds: 'x' }] } })] },
    ],
    ['a failure envelope', { success: false, error: 'nope' }],
  ])('refuses GET /tags with %s', (_name, answer) => {
    expect(v.safeParse(myTagsResponseSchema, answer).success).toBe(false);
  });

  it('refuses an Event tags answer without its event', () => {
    const { data } = eventTagsAnswer([]);
    expect(v.safeParse(eventTagsResponseSchema, { success: true, data: { ...data, event: undefined } }).success).toBe(false);
  });
});
