import * as v from 'valibot';
import {
  eventTagsAnswer,
  myTagsAnswer,
  rawTag,
  rawTagClip,
  rawTaggedEvent,
  taggedEventsAnswer,
} from '../../../test/data/tagBrowseTestData';
import { toTag } from '../../../domain/tag';
import { eventTagsResponseSchema, myTagsResponseSchema, taggedEventsResponseSchema, toTaggedEvent } from './tagSchemas';

describe('tag answers (docs/api.md "Tags")', () => {
  it('GET /tags: tags as data, the offset pagination beside it; a tag’s clips are clips plus their offset', () => {
    const answer = myTagsAnswer(0, 20, 1, (n) => rawTag(n, { clips: { items: [rawTagClip('c-1', 42.5)] } }));
    const parsed = v.parse(myTagsResponseSchema, answer);
    expect(parsed.pagination).toEqual({ total: 1, hasMore: false, offset: 0, limit: 20 });
    // The tag itself is read by the domain's tag (src/domain/tag.test.ts): here, that the answer carries it whole.
    expect(toTag(parsed.data[0]!)).toMatchObject({
      id: 'tag-001',
      event: { timezone: null },
      clips: [{ id: 'c-1', offsetSeconds: 42.5 }],
    });
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
