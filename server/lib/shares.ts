import type { Db } from '../db';
import type { AppContext } from './context';
import { ApiError } from './envelope';
import { highlightMediaPath, isRendered, type RenderStage } from './highlightViews';
import { signMediaPath, signMediaPathUntil } from './media';
import { isShareId, newShareId } from './shareIds';

/**
 * Share links of highlights (docs/api.md "Share links", "Public watch page"; docs/decisions.md "Share links"): the
 * owner's queries and views, and what the public page and its media read of a link. Every owner query is scoped to
 * the caller: another user's link or highlight answers as an unknown one.
 */

/** Active (neither revoked nor expired) links one highlight may have at once. */
export const MAX_ACTIVE_SHARES = 20;
/** Most links (per highlight) and most highlights one listing answers. */
export const SHARE_LIST_LIMIT = 100;
/** The expiries a link may be created with, in days; null never expires. */
export const SHARE_EXPIRY_DAYS = [7, 30] as const;
export type ShareExpiryDays = (typeof SHARE_EXPIRY_DAYS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

export type ShareStatus = 'active' | 'expired' | 'revoked';

export interface ShareRow {
  id: string;
  highlight_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  view_count: number;
  last_viewed_at: Date | null;
}

export interface ShareLink {
  id: string;
  highlightId: string;
  /** Absolute: `{public origin}/s/{id}`. */
  url: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  status: ShareStatus;
  viewCount: number;
  lastViewedAt: string | null;
}

export interface SharedHighlight {
  highlight: {
    id: string;
    title: string;
    eventName: string;
    sport: string;
    createdAt: string;
    durationSeconds: number | null;
    /** Signed like the highlights list's, when rendered with a poster. */
    posterUrl?: string;
  };
  shares: ShareLink[];
}

const SHARE_COLUMNS = 's.id, s.highlight_id, s.user_id, s.created_at, s.expires_at, s.revoked_at, s.view_count, s.last_viewed_at';

/** Revoked wins over expired: the owner's act is what the list should say. */
export function shareStatus(row: Pick<ShareRow, 'expires_at' | 'revoked_at'>, nowMs: number): ShareStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= nowMs) return 'expired';
  return 'active';
}

export function shareUrl(origin: string, id: string): string {
  return `${origin}/s/${id}`;
}

export function toShareLink(row: ShareRow, origin: string, nowMs: number): ShareLink {
  return {
    id: row.id,
    highlightId: row.highlight_id,
    url: shareUrl(origin, row.id),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    status: shareStatus(row, nowMs),
    viewCount: row.view_count,
    lastViewedAt: row.last_viewed_at?.toISOString() ?? null,
  };
}

export function shareNotFound(): ApiError {
  return new ApiError(404, 'SHARE_NOT_FOUND', 'Share link not found');
}

export function shareLimitReached(): ApiError {
  return new ApiError(409, 'SHARE_LIMIT', `This highlight already has ${MAX_ACTIVE_SHARES} active links. Revoke one first.`, {
    limit: MAX_ACTIVE_SHARES,
  });
}

/**
 * A new link to `highlightId` (the caller's, rendered: the route checked). The count of active links and the insert
 * run in one transaction that first locks the highlight's row, so two requests at once (on one server or two) take
 * turns and cannot pass the limit together.
 */
export async function createShare(
  db: Db,
  input: { highlightId: string; userId: string; expiresInDays: ShareExpiryDays | null; nowMs: number },
): Promise<ShareRow> {
  const now = new Date(input.nowMs);
  const expiresAt = input.expiresInDays === null ? null : new Date(input.nowMs + input.expiresInDays * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM highlights WHERE id = $1 FOR UPDATE', [input.highlightId]);
    const active = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM highlight_shares
       WHERE highlight_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
      [input.highlightId, now],
    );
    if ((active.rows[0]?.n ?? 0) >= MAX_ACTIVE_SHARES) throw shareLimitReached();
    const r = await tx.query<ShareRow>(
      `INSERT INTO highlight_shares AS s (id, highlight_id, user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${SHARE_COLUMNS}`,
      [newShareId(), input.highlightId, input.userId, now, expiresAt],
    );
    const row = r.rows[0];
    if (!row) throw new Error('share insert returned no row');
    return row;
  });
}

/**
 * Whether a link is active (as shareStatus says), `now` being the SQL parameter holding the server clock. Lists sort
 * active links first: they are capped at SHARE_LIST_LIMIT while revoked and expired links are not, so newest-first
 * alone would let enough newer dead links push a live one out of its owner's sight, and out of reach of a revoke.
 */
function isActiveSql(now: string): string {
  return `(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${now}))`;
}

/** The links of one highlight (the caller's: the route checked), active ones first, then newest first. */
export async function listHighlightShares(db: Db, highlightId: string, nowMs: number): Promise<ShareRow[]> {
  const r = await db.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM highlight_shares s WHERE s.highlight_id = $1
     ORDER BY ${isActiveSql('$3')} DESC, s.created_at DESC, s.id DESC LIMIT $2`,
    [highlightId, SHARE_LIST_LIMIT, new Date(nowMs)],
  );
  return r.rows;
}

interface SharedHighlightRow {
  id: string;
  title: string;
  event_name: string;
  sport: string;
  created_at: Date;
  stage: RenderStage;
  stored_name: string | null;
  poster_name: string | null;
  duration_seconds: number | null;
}

/**
 * The caller's highlights with at least one link, those with an active link first (the same cap as the links),
 * then the one with the newest link first; each with its links in listHighlightShares' order.
 */
export async function listSharedHighlights(ctx: AppContext, userId: string, origin: string): Promise<SharedHighlight[]> {
  const nowMs = ctx.now();
  const now = new Date(nowMs);
  const highlights = await ctx.db.query<SharedHighlightRow>(
    `SELECT h.id, h.title, e.name AS event_name, e.sport, h.created_at, h.stage, h.stored_name, h.poster_name,
       h.duration_seconds
     FROM highlights h JOIN events e ON e.id = h.event_id
     JOIN (SELECT highlight_id, max(created_at) AS newest, bool_or(${isActiveSql('$3')}) AS active
           FROM highlight_shares WHERE user_id = $1 GROUP BY highlight_id) n ON n.highlight_id = h.id
     WHERE h.user_id = $1
     ORDER BY n.active DESC, n.newest DESC, h.id DESC LIMIT $2`,
    [userId, SHARE_LIST_LIMIT, now],
  );
  if (highlights.rows.length === 0) return [];
  const shares = await ctx.db.query<ShareRow>(
    `SELECT ${SHARE_COLUMNS} FROM (
       SELECT *, ${isActiveSql('$4')} AS active, row_number() OVER (
         PARTITION BY highlight_id ORDER BY ${isActiveSql('$4')} DESC, created_at DESC, id DESC) AS n
       FROM highlight_shares WHERE user_id = $1 AND highlight_id = ANY($2::uuid[])
     ) s WHERE s.n <= $3 ORDER BY s.active DESC, s.created_at DESC, s.id DESC`,
    [userId, highlights.rows.map((h) => h.id), SHARE_LIST_LIMIT, now],
  );
  const byHighlight = new Map<string, ShareLink[]>();
  for (const row of shares.rows) {
    const list = byHighlight.get(row.highlight_id) ?? [];
    list.push(toShareLink(row, origin, nowMs));
    byHighlight.set(row.highlight_id, list);
  }
  return highlights.rows.map((h) => {
    const rendered = isRendered(h);
    const highlight: SharedHighlight['highlight'] = {
      id: h.id,
      title: h.title,
      eventName: h.event_name,
      sport: h.sport,
      createdAt: h.created_at.toISOString(),
      durationSeconds: rendered ? h.duration_seconds : null,
    };
    // Hour-rounded like the highlights list (lib/highlightViews.ts), so a refetched list keeps its image.
    if (rendered && h.poster_name) highlight.posterUrl = signMediaPath(ctx.secret, highlightMediaPath(h.id, 'poster'), nowMs);
    return { highlight, shares: byHighlight.get(h.id) ?? [] };
  });
}

/**
 * Revokes the caller's link; null when it is unknown or someone else's. Idempotent: a link revoked before keeps
 * the time of its first revocation.
 */
export async function revokeShare(db: Db, id: string, userId: string, nowMs: number): Promise<ShareRow | null> {
  if (!isShareId(id)) return null;
  const r = await db.query<ShareRow>(
    `UPDATE highlight_shares AS s SET revoked_at = COALESCE(s.revoked_at, $3)
     WHERE s.id = $1 AND s.user_id = $2 RETURNING ${SHARE_COLUMNS}`,
    [id, userId, new Date(nowMs)],
  );
  return r.rows[0] ?? null;
}

// ---------- the public side: the watch page and its media ----------

/** What the public page and its media need of a link: the link, its highlight, the event, the venue, the owner. */
export interface PublicShareRow {
  id: string;
  expires_at: Date | null;
  revoked_at: Date | null;
  highlight_id: string;
  title: string;
  stage: RenderStage;
  progress: number;
  failure_reason: string | null;
  stored_name: string | null;
  poster_name: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  event_name: string;
  event_start: Date;
  venue_name: string;
  venue_timezone: string;
  owner_deleted: boolean;
  owner_revoked: boolean;
}

/** The link `id` with its highlight, or null when there is none (also for anything not shaped like an id). */
export async function findPublicShare(db: Db, id: string): Promise<PublicShareRow | null> {
  if (!isShareId(id)) return null;
  const r = await db.query<PublicShareRow>(
    `SELECT s.id, s.expires_at, s.revoked_at, h.id AS highlight_id, h.title, h.stage, h.progress, h.failure_reason,
       h.stored_name, h.poster_name, h.duration_seconds, h.width, h.height,
       e.name AS event_name, e.start_time AS event_start, l.name AS venue_name, l.timezone AS venue_timezone,
       u.deleted_at IS NOT NULL AS owner_deleted, u.permissions_revoked AS owner_revoked
     FROM highlight_shares s
     JOIN highlights h ON h.id = s.highlight_id
     JOIN users u ON u.id = h.user_id
     JOIN events e ON e.id = h.event_id
     JOIN locations l ON l.id = e.location_id
     WHERE s.id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/**
 * Whether the public may watch through this link now: the link active, its highlight playable and its owner
 * neither deleted nor barred. Every other case is one answer, "this link no longer works" (410): a viewer needs
 * no more, and the owner's account state is not theirs to learn.
 */
export function isWatchable(row: PublicShareRow, nowMs: number): boolean {
  return shareStatus(row, nowMs) === 'active' && !row.owner_deleted && !row.owner_revoked && isRendered(row);
}

/** Counts one load of the public page (GET answered 200). */
export async function recordShareView(db: Db, id: string, nowMs: number): Promise<void> {
  await db.query('UPDATE highlight_shares SET view_count = view_count + 1, last_viewed_at = $2 WHERE id = $1', [
    id,
    new Date(nowMs),
  ]);
}

export type ShareMediaKind = 'video' | 'poster';
export const SHARE_MEDIA_KINDS: readonly ShareMediaKind[] = ['video', 'poster'];

/** The path a share's media URL signs (lib/highlightViews.ts signShortMediaPath): it opens that link's only. */
export function shareMediaPath(id: string, kind: ShareMediaKind): string {
  return `/media/shares/${id}/${kind}`;
}

/**
 * A link that never expires signs its poster until this instant (the last second `verifyMediaSignature` reads, 12
 * digits): the link's own check on every request is what ends it.
 */
const NEVER_EXPIRES_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/**
 * The poster URL of a link's page, valid as long as the link: unfurlers (chat apps, social sites) keep the `og:image`
 * they read once and fetch it again days later, so it cannot be the page's 15-minute URL. Signed until the link's
 * expiry (or for good when it has none): the same URL at every load, unguessable without the link's id and the
 * server's key, and dead once the link is revoked or its owner barred (the media route checks the link at every
 * request). The video stays short-lived.
 */
export function signSharePosterPath(secret: Buffer, row: Pick<ShareRow, 'id' | 'expires_at'>): string {
  return signMediaPathUntil(secret, shareMediaPath(row.id, 'poster'), row.expires_at?.getTime() ?? NEVER_EXPIRES_MS);
}
