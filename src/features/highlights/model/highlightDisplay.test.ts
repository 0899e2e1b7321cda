import { Settings } from 'luxon';
import {
  durationLabel,
  estimatedDuration,
  highlightCountLabel,
  highlightsLoadError,
  isHighlightNotFound,
  pollingIntervalFor,
  renderStageText,
} from './highlightDisplay';

const failure = (status: number | 'network' | 'timeout' | 'invalid_response', more: object = {}) => ({
  status,
  serverMessage: null,
  code: null,
  details: null,
  ...more,
});

describe('highlight display rules', () => {
  afterEach(() => {
    Settings.defaultZone = 'system';
  });

  it('estimated duration: 10 s a clip, as m:ss (§9)', () => {
    expect(estimatedDuration(1)).toBe('0:10');
    expect(estimatedDuration(4)).toBe('0:40');
    expect(estimatedDuration(6)).toBe('1:00');
    expect(estimatedDuration(20)).toBe('3:20');
    expect(estimatedDuration(0)).toBe('0:00');
  });

  it('the rendered length once known, else the estimate marked as one', () => {
    expect(durationLabel({ durationSeconds: 42.4, clipCount: 4 })).toBe('0:42');
    expect(durationLabel({ durationSeconds: null, clipCount: 4 })).toBe('~0:40');
  });

  it('counts', () => {
    expect(highlightCountLabel(1)).toBe('1 highlight');
    expect(highlightCountLabel(0)).toBe('0 highlights');
    expect(highlightCountLabel(3)).toBe('3 highlights');
  });

  it('render stage text', () => {
    const base = { status: 'processing' as const, progress: 0, failureReason: null };
    expect(renderStageText({ ...base, stage: 'queued' })).toBe('Queued');
    expect(renderStageText({ ...base, stage: 'rendering', progress: 42.7 })).toBe('Rendering 42 %');
    expect(renderStageText({ ...base, stage: 'finishing', progress: 100 })).toBe('Finishing');
    expect(renderStageText({ status: 'failed', stage: 'failed', progress: 0, failureReason: 'Clip 2 could not be read' })).toBe(
      'Rendering failed: Clip 2 could not be read',
    );
    expect(renderStageText({ status: 'failed', stage: 'failed', progress: 0, failureReason: null })).toBe(
      'Rendering failed: unknown error',
    );
    expect(renderStageText({ status: 'ready', stage: 'done', progress: 100, failureReason: null })).toBeNull();
  });

  it('polls only while something is processing', () => {
    expect(pollingIntervalFor(undefined)).toBe(0);
    expect(pollingIntervalFor([])).toBe(0);
    expect(pollingIntervalFor([{ status: 'ready' }, { status: 'failed' }])).toBe(0);
    expect(pollingIntervalFor([{ status: 'ready' }, { status: 'processing' }])).toBe(2000);
  });

  it("load errors: 'Failed to fetch highlights: ...' (§8); nothing for a 401", () => {
    expect(highlightsLoadError(failure(500))).toEqual({ message: 'Failed to fetch highlights: HTTP 500', retryLabel: 'Retry' });
    expect(highlightsLoadError(failure(503, { serverMessage: 'Down for maintenance' }))).toEqual({
      message: 'Failed to fetch highlights: Down for maintenance',
      retryLabel: 'Retry',
    });
    expect(highlightsLoadError(failure('network'))).toEqual({
      message:
        'Failed to fetch highlights: Unable to connect to the server. Please check if the backend is running or try again later.',
      retryLabel: 'Try again',
    });
    expect(highlightsLoadError(failure('invalid_response'))?.message).toBe(
      'Failed to fetch highlights: Unexpected response format',
    );
    expect(highlightsLoadError(failure(401))).toBeNull();
  });

  it('not found: 404, or a 400 for an id that cannot be one; not a 500 or a lost connection', () => {
    expect(isHighlightNotFound(failure(404, { code: 'HIGHLIGHT_NOT_FOUND' }))).toBe(true);
    expect(isHighlightNotFound(failure(400, { code: 'INVALID_INPUT', details: { 'params.id': 'Invalid UUID' } }))).toBe(true);
    expect(isHighlightNotFound(failure(400, { code: 'INVALID_INPUT', details: { 'query.limit': 'x' } }))).toBe(false);
    expect(isHighlightNotFound(failure(500))).toBe(false);
    expect(isHighlightNotFound(failure('network'))).toBe(false);
  });
});
