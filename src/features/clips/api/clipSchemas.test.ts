import * as v from 'valibot';
import { toClip } from '../../../domain/clip';
import { eventClipsResponseSchema, myClipsResponseSchema, toClipEvent, unassociatedClipsResponseSchema } from './clipSchemas';
import { eventClipsAnswer, myClipsAnswer, rawClip, rawEvent, unassociatedAnswer } from '../../../test/data/clipTestData';

const parse = <S extends v.GenericSchema>(schema: S, value: unknown) => v.safeParse(schema, value);

describe('the clip answers (docs/product/part-2.md §3, §7)', () => {
  it('reads an event’s page of clips into what the cards show', () => {
    const parsed = parse(eventClipsResponseSchema, eventClipsAnswer(1, 3));
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    // The clip itself is read by the domain's clip (src/domain/clip.test.ts): here, that the page carries it.
    expect(parsed.output.data.clips.map(toClip).map((clip) => clip.id)).toEqual(['clip-1', 'clip-2', 'clip-3']);
    expect(toClipEvent(parsed.output.data.event)).toEqual({
      id: rawEvent().id,
      name: 'City Cup Final',
      sport: 'Soccer',
      startTime: '2026-07-04T23:00:00.000Z',
      endTime: null,
      timezone: 'America/New_York',
      location: { name: 'Fenway Park', city: 'Boston', state: 'MA', latitude: 42.3467, longitude: -71.0972 },
      clipCount: 3,
    });
    expect(parsed.output.data.pagination).toEqual({ page: 1, hasMore: false, total: 3 });
  });

  it('gives an event without a usable zone or place the defaults (the location’s zone, else America/Chicago; TBD)', () => {
    const noZone = toClipEvent(
      v.parse(myClipsResponseSchema, myClipsAnswer([rawEvent({ timezone: 'Mars/Base', location: null })])).data.events[0]!,
    );
    expect(noZone.timezone).toBe('America/Chicago');
    expect(noZone.location).toEqual({ name: 'Location TBD', city: 'TBD', state: 'TBD', latitude: null, longitude: null });
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
