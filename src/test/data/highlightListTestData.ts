/** Highlights answers as the local API sends them (docs/api.md "Highlights"), for tests. */

export const HIGHLIGHT_ID = '3a1f7c52-0000-4000-8000-0000000000a1';
export const PROCESSING_ID = '3a1f7c52-0000-4000-8000-0000000000a2';
export const FAILED_ID = '3a1f7c52-0000-4000-8000-0000000000a3';
export const HL_EVENT_ID = '7f9c2b1e-0000-4000-8000-0000000000e1';

/** A rendered highlight of 4 clips (42.4 s), made by coach.kim. */
export function rawHighlight(overrides: Record<string, unknown> = {}) {
  return {
    id: HIGHLIGHT_ID,
    title: 'Summer Final',
    eventId: HL_EVENT_ID,
    eventName: 'City Cup Final',
    sport: 'Soccer',
    clipCount: 4,
    createdAt: '2026-07-05T01:30:00.000Z',
    userEmail: 'coach.kim@example.com',
    status: 'ready',
    render: { stage: 'done', progress: 100, failureReason: null },
    durationSeconds: 42.4,
    renderedUrl: `/media/highlights/${HIGHLIGHT_ID}/video?exp=1&sig=a`,
    posterUrl: `/media/highlights/${HIGHLIGHT_ID}/poster?exp=1&sig=a`,
    ...overrides,
  };
}

/** Still rendering: no renderedUrl or posterUrl key at all (the contract: absent, not null). */
export function rawProcessingHighlight(progress = 42, overrides: Record<string, unknown> = {}) {
  return {
    id: PROCESSING_ID,
    title: 'Second Half',
    eventId: HL_EVENT_ID,
    eventName: 'City Cup Final',
    sport: 'Soccer',
    clipCount: 2,
    createdAt: '2026-07-05T02:00:00.000Z',
    userEmail: 'coach.kim@example.com',
    status: 'processing',
    render: { stage: 'rendering', progress, failureReason: null },
    durationSeconds: null,
    ...overrides,
  };
}

export function rawFailedHighlight() {
  return rawProcessingHighlight(0, {
    id: FAILED_ID,
    title: 'Broken One',
    status: 'failed',
    render: { stage: 'failed', progress: 0, failureReason: 'Clip 2 could not be read' },
  });
}

export function highlightsAnswer(highlights: object[], total = highlights.length) {
  return {
    success: true,
    data: { highlights, pagination: { total, hasMore: total > highlights.length, page: 1, limit: 100 } },
  };
}

/** The n-th newest of a user's many ready highlights (1-based): n minutes before 02:00 UTC on 5 July 2026. */
export function rawNthHighlight(n: number) {
  const id = `3a1f7c52-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  return rawHighlight({
    id,
    title: `Highlight ${n}`,
    createdAt: new Date(Date.UTC(2026, 6, 5, 2, 0) - n * 60_000).toISOString(),
    renderedUrl: `/media/highlights/${id}/video?exp=1&sig=a`,
    posterUrl: `/media/highlights/${id}/poster?exp=1&sig=a`,
  });
}

/** GET /highlights?page&limit over `total` highlights (rawNthHighlight 1 … total, newest first), as the API pages them. */
export function highlightsPageAnswer(page: number, limit: number, total: number) {
  const from = (page - 1) * limit;
  const highlights = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => rawNthHighlight(from + i + 1));
  return { success: true, data: { highlights, pagination: { total, hasMore: from + limit < total, page, limit } } };
}
