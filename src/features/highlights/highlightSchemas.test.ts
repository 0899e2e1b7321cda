import * as v from 'valibot';
import { highlightsAnswer, rawFailedHighlight, rawHighlight, rawProcessingHighlight } from './highlightListTestData';
import {
  downloadUrlResponseSchema,
  highlightResponseSchema,
  highlightSchema,
  highlightsResponseSchema,
  highlightStatusOf,
  toHighlight,
} from './highlightSchemas';

describe('highlight answers (docs/product/part-2.md §3 "Highlight", §7)', () => {
  it('a rendered highlight maps to what the screens show', () => {
    const parsed = v.parse(highlightsResponseSchema, highlightsAnswer([rawHighlight()]));
    expect(toHighlight(parsed.data.highlights[0]!)).toEqual({
      id: rawHighlight().id,
      title: 'Summer Final',
      eventId: rawHighlight().eventId,
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
      renderedUrl: rawHighlight().renderedUrl,
      posterUrl: rawHighlight().posterUrl,
    });
  });

  it('processing: no rendered URL (key absent); the stage and progress are kept', () => {
    const h = toHighlight(
      v.parse(highlightResponseSchema, { success: true, data: { highlight: rawProcessingHighlight(42) } }).data.highlight,
    );
    expect(h).toMatchObject({ status: 'processing', stage: 'rendering', progress: 42, renderedUrl: null, posterUrl: null });
  });

  it('failed: the reason is kept', () => {
    const h = toHighlight(
      v.parse(highlightResponseSchema, { success: true, data: { highlight: rawFailedHighlight() } }).data.highlight,
    );
    expect(h).toMatchObject({ status: 'failed', stage: 'failed', failureReason: 'Clip 2 could not be read' });
  });

  it('the spec’s bare highlight (no status, no render): a rendered URL alone decides (§4)', () => {
    const bare = { id: 7, title: 'T', eventName: 'E', sport: null, clipCount: 1, createdAt: '2026-01-01T00:00:00Z' };
    expect(
      toHighlight(v.parse(highlightResponseSchema, { success: true, data: { highlight: bare } }).data.highlight),
    ).toMatchObject({
      id: '7',
      status: 'processing',
      stage: 'queued',
      userEmail: null,
    });
    const rendered = { ...bare, renderedUrl: '/v.mp4' };
    expect(
      toHighlight(v.parse(highlightResponseSchema, { success: true, data: { highlight: rendered } }).data.highlight),
    ).toMatchObject({
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
    ['no highlights array', { success: true, data: {} }],
    ['a highlight without a title', { success: true, data: { highlights: [{ ...rawHighlight(), title: undefined }] } }],
    [
      'an unknown stage',
      { success: true, data: { highlights: [rawProcessingHighlight(1, { render: { stage: 'baking', progress: 1 } })] } },
    ],
    ['a failure envelope', { success: false, error: 'x' }],
  ])('rejects %s', (_what, answer) => {
    expect(v.safeParse(highlightsResponseSchema, answer).success).toBe(false);
  });

  it('download-url: the filename may be missing; the URL may not', () => {
    expect(v.parse(downloadUrlResponseSchema, { success: true, data: { downloadUrl: '/d' } }).data).toEqual({
      downloadUrl: '/d',
      filename: null,
    });
    expect(v.safeParse(downloadUrlResponseSchema, { success: true, data: { filename: 'a.mp4' } }).success).toBe(false);
  });

  it('the mapped highlight passes the navigation-state schema as it is', () => {
    const h = toHighlight(
      v.parse(highlightResponseSchema, { success: true, data: { highlight: rawHighlight() } }).data.highlight,
    );
    expect(v.parse(highlightSchema, h)).toEqual(h);
  });
});
