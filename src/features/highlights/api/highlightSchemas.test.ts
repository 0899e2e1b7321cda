import * as v from 'valibot';
import {
  highlightsAnswer,
  rawFailedHighlight,
  rawHighlight,
  rawProcessingHighlight,
} from '../../../test/data/highlightListTestData';
import { toHighlight } from '../../../domain/highlight';
import { downloadUrlResponseSchema, highlightResponseSchema, highlightsResponseSchema } from './highlightSchemas';

describe('highlight answers (docs/product/part-2.md §3 "Highlight", §7)', () => {
  it('a rendered highlight in the list maps to what the screens show', () => {
    const parsed = v.parse(highlightsResponseSchema, highlightsAnswer([rawHighlight()]));
    // Every field is read by the domain's highlight (src/domain/highlight.test.ts): here, the list's rendered one.
    expect(toHighlight(parsed.data.highlights[0]!)).toMatchObject({ id: rawHighlight().id, status: 'ready', stage: 'done' });
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
});
