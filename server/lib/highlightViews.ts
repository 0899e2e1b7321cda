import type { AppContext } from './context';
import { ApiError } from './envelope';
import { signMediaPath } from './media';

/**
 * How a highlight is answered (docs/api.md "Highlights") and how its media URLs are signed. A highlight is its
 * creator's only: every query here is scoped to an owner.
 */

/** Stream and download URLs are short-lived: valid at least this long… */
export const HIGHLIGHT_URL_TTL_SECONDS = 15 * 60;
/** …and their expiry is rounded up to a multiple of this (so they are valid under 20 minutes). */
export const HIGHLIGHT_URL_WINDOW_SECONDS = 5 * 60;

/**
 * `signMediaPath` with a 5-minute rounding window instead of the hour (lib/media.ts rounds every expiry up to a
 * whole hour, which would stretch a 15-minute URL to up to 75 minutes). Same signed text, so the media routes'
 * `verifyMediaSignature` checks these URLs unchanged (server/test/highlights.test.ts proves it).
 */
export function signShortMediaPath(
  secret: Buffer,
  pathname: string,
  nowMs: number,
  ttlSeconds = HIGHLIGHT_URL_TTL_SECONDS,
  windowSeconds = HIGHLIGHT_URL_WINDOW_SECONDS,
): string {
  return signMediaPath(secret, pathname, nowMs, ttlSeconds, windowSeconds);
}

export type HighlightMediaKind = 'video' | 'poster' | 'download';

export function highlightMediaPath(id: string, kind: HighlightMediaKind): string {
  return `/media/highlights/${id}/${kind}`;
}

export type RenderStage = 'queued' | 'rendering' | 'finishing' | 'done' | 'failed';
export type HighlightStatus = 'processing' | 'ready' | 'failed';

export interface HighlightView {
  id: string;
  title: string;
  eventId: string;
  eventName: string;
  sport: string;
  clipCount: number;
  createdAt: string;
  userEmail: string;
  status: HighlightStatus;
  render: { stage: RenderStage; progress: number; failureReason: string | null };
  durationSeconds: number | null;
  /** Present only once rendered. */
  renderedUrl?: string;
  /** Present only once rendered (and a poster frame was made). */
  posterUrl?: string;
}

export interface HighlightRow {
  id: string;
  user_id: string;
  title: string;
  event_id: string;
  event_name: string;
  sport: string;
  clip_count: number;
  created_at: Date;
  user_email: string;
  stage: RenderStage;
  progress: number;
  failure_reason: string | null;
  duration_seconds: number | null;
  stored_name: string | null;
  poster_name: string | null;
}

/** A highlight with its event and creator, as HighlightRow. */
export const HIGHLIGHT_SELECT = `SELECT h.id, h.user_id, h.title, h.event_id, e.name AS event_name, e.sport,
    jsonb_array_length(h.clips)::int AS clip_count, h.created_at, u.email AS user_email, h.stage, h.progress,
    h.failure_reason, h.duration_seconds, h.stored_name, h.poster_name
  FROM highlights h JOIN events e ON e.id = h.event_id JOIN users u ON u.id = h.user_id`;

export function highlightStatus(stage: RenderStage): HighlightStatus {
  if (stage === 'done') return 'ready';
  return stage === 'failed' ? 'failed' : 'processing';
}

/** True when the highlight's video can be served. */
export function isRendered(row: Pick<HighlightRow, 'stage' | 'stored_name'>): boolean {
  return row.stage === 'done' && row.stored_name !== null;
}

export function toHighlightView(ctx: AppContext, row: HighlightRow): HighlightView {
  const rendered = isRendered(row);
  const view: HighlightView = {
    id: row.id,
    title: row.title,
    eventId: row.event_id,
    eventName: row.event_name,
    sport: row.sport,
    clipCount: row.clip_count,
    createdAt: row.created_at.toISOString(),
    userEmail: row.user_email,
    status: highlightStatus(row.stage),
    render: {
      stage: row.stage,
      progress: Math.min(100, Math.max(0, Math.round(row.progress))),
      failureReason: row.stage === 'failed' ? (row.failure_reason ?? 'Rendering failed') : null,
    },
    durationSeconds: rendered ? row.duration_seconds : null,
  };
  if (rendered) {
    // The hour-rounded URLs of lib/media.ts: a list refetched while something renders keeps every src.
    const now = ctx.now();
    view.renderedUrl = signMediaPath(ctx.secret, highlightMediaPath(row.id, 'video'), now);
    if (row.poster_name) view.posterUrl = signMediaPath(ctx.secret, highlightMediaPath(row.id, 'poster'), now);
  }
  return view;
}

export function highlightNotFound(): ApiError {
  return new ApiError(404, 'HIGHLIGHT_NOT_FOUND', 'Highlight not found');
}

/** `ownerId`'s highlight `id`, or null (no such highlight, or someone else's). */
export async function findOwnHighlight(ctx: AppContext, id: string, ownerId: string): Promise<HighlightRow | null> {
  const r = await ctx.db.query<HighlightRow>(`${HIGHLIGHT_SELECT} WHERE h.id = $1 AND h.user_id = $2`, [id, ownerId]);
  return r.rows[0] ?? null;
}

/** 409 unless the highlight's video exists: still rendering, or its render failed. */
export function assertRendered(row: Pick<HighlightRow, 'stage' | 'stored_name' | 'progress' | 'failure_reason'>): void {
  if (isRendered(row)) return;
  if (row.stage === 'failed') {
    throw new ApiError(409, 'HIGHLIGHT_RENDER_FAILED', 'This highlight could not be rendered', {
      failureReason: row.failure_reason,
    });
  }
  throw new ApiError(409, 'HIGHLIGHT_NOT_READY', 'This highlight is still being rendered', {
    stage: row.stage,
    progress: Math.round(row.progress),
  });
}
