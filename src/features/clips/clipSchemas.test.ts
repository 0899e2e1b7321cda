import * as v from 'valibot';
import {
  eventClipsResponseSchema,
  myClipsResponseSchema,
  toClip,
  toClipEvent,
  unassociatedClipsResponseSchema,
} from './clipSchemas';
import { eventClipsAnswer, myClipsAnswer, rawClip, rawEvent, unassociatedAnswer } from './clipTestData';

const parse = <S extends v.GenericSchema>(schema: S, value: unknown) => v.safeParse(schema, value);

describe('the clip answers (docs/product/part-2.md §3, §7)', () => {
  it('reads an event’s page of clips into what the cards show', () => {
    const parsed = parse(eventClipsResponseSchema, eventClipsAnswer(1, 3));
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(toClip(parsed.output.data.clips[0]!)).toEqual({
      id: 'clip-1',
      eventId: rawEvent().id,
      thumbnailUrl: '/media/clips/clip-1/thumbnail?sig=x',
      videoUrl: '/media/clips/clip-1/video?sig=x',
      durationSeconds: 63,
      recordedAt: '2026-07-04T23:01:00.000Z',
      tag: 'Opening goal',
      device: 'Apple iPhone 15 Pro',
      uploaderEmail: 'coach.kim@example.com',
    });
    expect(toClipEvent(parsed.output.data.event)).toEqual({
      id: rawEvent().id,
      name: 'City Cup Final',
      sport: 'Soccer',
      startTime: '2026-07-04T23:00:00.000Z',
      timezone: 'America/New_York',
      location: { name: 'Fenway Park', city: 'Boston', state: 'MA' },
      clipCount: 3,
    });
    expect(parsed.output.data.pagination).toEqual({ page: 1, hasMore: false, total: 3 });
  });

  it('accepts what a clip may lack: thumbnail, duration, tag, device, uploader; numeric ids become text', () => {
    const bare = { id: 7, timestamp: '2026-07-04T23:01:00.000Z', videoUrl: '/v' };
    const parsed = parse(unassociatedClipsResponseSchema, {
      success: true,
      data: { clips: [bare], pagination: { page: 1, hasMore: false } },
    });
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(toClip(parsed.output.data.clips[0]!)).toEqual({
      id: '7',
      eventId: null,
      thumbnailUrl: null,
      videoUrl: '/v',
      durationSeconds: null,
      recordedAt: '2026-07-04T23:01:00.000Z',
      tag: null,
      device: null,
      uploaderEmail: null,
    });
  });

  it('gives an event without a usable zone or place the defaults (the location’s zone, else America/Chicago; TBD)', () => {
    const noZone = toClipEvent(
      v.parse(myClipsResponseSchema, myClipsAnswer([rawEvent({ timezone: 'Mars/Base', location: null })])).data.events[0]!,
    );
    expect(noZone.timezone).toBe('America/Chicago');
    expect(noZone.location).toEqual({ name: 'Location TBD', city: 'TBD', state: 'TBD' });
    const locationZone = rawEvent({ timezone: null, location: { name: 'Park', timezone: 'Europe/Berlin' } });
    expect(toClipEvent(v.parse(myClipsResponseSchema, myClipsAnswer([locationZone])).data.events[0]!).timezone).toBe(
      'Europe/Berlin',
    );
  });

  it('reads My Clips with its unassociated count (0 when absent)', () => {
    expect(v.parse(myClipsResponseSchema, myClipsAnswer([rawEvent()], 4)).data.unassociatedClipsCount).toBe(4);
    const { unassociatedClipsCount: _, ...withoutCount } = myClipsAnswer([rawEvent()]).data;
    expect(v.parse(myClipsResponseSchema, { success: true, data: withoutCount }).data.unassociatedClipsCount).toBe(0);
  });

  it.each([
    ['no envelope', { events: [], pagination: { page: 1, hasMore: false } }],
    ['success: false', { success: false, data: myClipsAnswer([]).data }],
    ['events missing', { success: true, data: { pagination: { page: 1, hasMore: false } } }],
    ['an event without its clip count', myClipsAnswer([rawEvent({ clipCount: undefined })])],
    ['a negative clip count', myClipsAnswer([rawEvent({ clipCount: -1 })])],
    ['an event without a name', myClipsAnswer([rawEvent({ name: 42 })])],
    ['no pagination', { success: true, data: { events: [], unassociatedClipsCount: 0 } }],
    ['hasMore as text', { success: true, data: { events: [], pagination: { page: 1, hasMore: 'no' } } }],
  ])('refuses a malformed My Clips answer: %s', (_name, answer) => {
    expect(parse(myClipsResponseSchema, answer).success).toBe(false);
  });

  type Page = { data: { event?: unknown; clips: unknown; pagination: Record<string, unknown> } };
  type ClipList = Array<Record<string, unknown>>;
  it.each<[string, (page: Page) => void]>([
    ['clips not a list', (page) => void (page.data.clips = {})],
    ['a clip without its time', (page) => void delete (page.data.clips as ClipList)[0]!.timestamp],
    ['a clip whose duration is text', (page) => void ((page.data.clips as ClipList)[0]!.duration = '0:02')],
    ['no event', (page) => void delete page.data.event],
    ['a page of 0', (page) => void (page.data.pagination.page = 0)],
  ])('refuses a malformed page of an event’s clips: %s', (_name, breakIt) => {
    const answer = structuredClone(eventClipsAnswer(1, 1)) as Page;
    breakIt(answer);
    expect(parse(eventClipsResponseSchema, answer).success).toBe(false);
  });

  it('refuses unassociated clips whose list is missing', () => {
    expect(parse(unassociatedClipsResponseSchema, unassociatedAnswer(1, 2)).success).toBe(true);
    expect(parse(unassociatedClipsResponseSchema, { success: true, data: { clips: null, pagination: {} } }).success).toBe(false);
    expect(parse(unassociatedClipsResponseSchema, { success: true, data: [rawClip(1)] }).success).toBe(false);
  });
});
