import * as v from 'valibot';
import { clientHighlightSchema, highlightSchema, highlightStatusOf, toHighlight } from './highlight';

/** A rendered highlight as GET /highlights/{id} sends it. */
const wireHighlight = {
  id: 'h-1',
  title: 'Summer Final',
  eventId: 'ev-1',
  eventName: 'City Cup Final',
  sport: 'Soccer',
  clipCount: 4,
  createdAt: '2026-07-05T01:30:00.000Z',
  userEmail: 'coach.kim@example.com',
  status: 'ready',
  render: { stage: 'done', progress: 100, failureReason: null },
  durationSeconds: 42.4,
  renderedUrl: '/media/highlights/h-1/video',
  posterUrl: '/media/highlights/h-1/poster',
};

describe('the highlight schema', () => {
  it('reads a rendered highlight into what the screens show', () => {
    expect(toHighlight(v.parse(highlightSchema, wireHighlight))).toEqual({
      id: 'h-1',
      title: 'Summer Final',
      eventId: 'ev-1',
      eventName: 'City Cup Final',
      sport: 'Soccer',
      clipCount: 4,
      createdAt: '2026-07-05T01:30:00.000Z',
      userEmail: 'coach.kim@example.com',
      status: 'ready',
      stage: 'done',
      progress: 100,
      failureReason: null,
      durationSeconds: 42.4,
      renderedUrl: '/media/highlights/h-1/video',
      posterUrl: '/media/highlights/h-1/poster',
    });
  });

  it('the spec’s bare highlight (no status, no render): a rendered URL alone decides (§4)', () => {
    const bare = { id: 7, title: 'T', eventName: 'E', sport: null, clipCount: 1, createdAt: '2026-01-01T00:00:00Z' };
    expect(toHighlight(v.parse(highlightSchema, bare))).toMatchObject({
      id: '7',
      status: 'processing',
      stage: 'queued',
      userEmail: null,
    });
    expect(toHighlight(v.parse(highlightSchema, { ...bare, renderedUrl: '/v.mp4' }))).toMatchObject({
      status: 'ready',
      stage: 'done',
    });
  });

  it('status: failed wins; a status of ready without a URL is still processing', () => {
    expect(highlightStatusOf({ status: 'ready', render: null, renderedUrl: null })).toBe('processing');
    expect(
      highlightStatusOf({
        status: 'processing',
        render: { stage: 'failed', progress: 0, failureReason: 'x' },
        renderedUrl: null,
      }),
    ).toBe('failed');
    expect(highlightStatusOf({ status: null, render: null, renderedUrl: '/x' })).toBe('ready');
  });

  it.each([
    ['no title', { ...wireHighlight, title: undefined }, 'title'],
    ['a clip count that is text', { ...wireHighlight, clipCount: '4' }, 'clipCount'],
    ['an unknown render stage', { ...wireHighlight, render: { stage: 'baking' } }, 'render.stage'],
    ['an unknown status', { ...wireHighlight, status: 'done' }, 'status'],
  ])('refuses a highlight with %s, naming the field', (_what, raw, field) => {
    const parsed = v.safeParse(highlightSchema, raw);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0] && v.getDotPath(parsed.issues[0])).toBe(field);
  });

  it('the mapped highlight passes the navigation-state schema as it is; a tampered one does not', () => {
    const h = toHighlight(v.parse(highlightSchema, wireHighlight));
    expect(v.parse(clientHighlightSchema, h)).toEqual(h);
    expect(v.safeParse(clientHighlightSchema, { ...h, id: '' }).success).toBe(false);
  });
});
