import * as v from 'valibot';
import { rawHighlight } from '../../../test/data/highlightListTestData';
import { toHighlight } from '../../../domain/highlight';
import { highlightResponseSchema } from '../api/highlightSchemas';
import { highlightViewerStateOf, readHighlightViewerState } from './highlightViewerState';

const highlight = toHighlight(
  v.parse(highlightResponseSchema, { success: true, data: { highlight: rawHighlight() } }).data.highlight,
);

describe('the viewer’s navigation state', () => {
  it('is read back for the user and the highlight it was made for (without its media links)', () => {
    const state = highlightViewerStateOf(highlight, 'u-1');
    expect(readHighlightViewerState(state, 'u-1', highlight.id)).toEqual({ ...highlight, renderedUrl: null, posterUrl: null });
  });

  it('holds no signed media link: they outlive a sign-out in the tab’s history', () => {
    expect(highlight.renderedUrl).toEqual(expect.any(String));
    expect(highlight.posterUrl).toEqual(expect.any(String));
    const state = highlightViewerStateOf(highlight, 'u-1');
    expect(state.highlight).not.toHaveProperty('renderedUrl');
    expect(state.highlight).not.toHaveProperty('posterUrl');
    // Nothing that looks like a URL anywhere in it, as the history would store it.
    const stored = JSON.stringify(structuredClone(state));
    expect(stored).not.toContain(highlight.renderedUrl!);
    expect(stored).not.toContain(highlight.posterUrl!);
    expect(stored).not.toMatch(/https?:|\/media\/|sig=/);
  });

  it('an older entry that still holds the links is read back without them', () => {
    const old = { userId: 'u-1', highlight };
    expect(readHighlightViewerState(old, 'u-1', highlight.id)).toEqual({ ...highlight, renderedUrl: null, posterUrl: null });
  });

  it('not for another user, for nobody signed in, or for another id', () => {
    const state = highlightViewerStateOf(highlight, 'u-1');
    expect(readHighlightViewerState(state, 'u-2', highlight.id)).toBeNull();
    expect(readHighlightViewerState(state, null, highlight.id)).toBeNull();
    expect(readHighlightViewerState(state, 'u-1', 'another-id')).toBeNull();
  });

  it('a malformed entry (an older app, anything else) is ignored', () => {
    expect(readHighlightViewerState(null, 'u-1', highlight.id)).toBeNull();
    expect(readHighlightViewerState({ userId: 'u-1', highlight: { id: highlight.id } }, 'u-1', highlight.id)).toBeNull();
    expect(
      readHighlightViewerState({ userId: 'u-1', highlight: { ...highlight, status: 'odd' } }, 'u-1', highlight.id),
    ).toBeNull();
  });
});
