import * as v from 'valibot';
import type { AppContext } from './context';
import { signMediaPath } from './media';
import { integer } from './schema';
import { MATCH_WINDOW_SECONDS } from '../../src/app/product';
import { matchConditionSql } from './tagMatching';

/**
 * How a clip is answered (ClipView) and how lists of clips are read: one SQL shape for every listing, the
 * uploader's e-mail and the matching tag joined in, one query per page plus one count. The owner gets the whole
 * view; anyone else (the highlight screen's `allUsers=true`) gets SharedClipView, without the owner's private
 * fields.
 */

/** A clip row as stored (`SELECT * FROM clips`). */
export interface ClipRow {
  id: string;
  user_id: string;
  event_id: string | null;
  filename: string;
  stored_name: string;
  mime_type: string;
  size: number | string | bigint;
  duration: number | null;
  width: number | null;
  height: number | null;
  thumbnail_name: string | null;
  recorded_at: Date;
  device: string | null;
}

/** A clip row with what the view adds: the uploader's e-mail and the matched tag's text. */
export interface ClipViewRow extends ClipRow {
  user_email: string;
  tag: string | null;
}

export interface ClipView {
  id: string;
  eventId: string | null;
  filename: string;
  size: number;
  duration: number | null;
  width: number | null;
  height: number | null;
  thumbnailUrl: string | null;
  videoUrl: string;
  /** When the recording started. */
  timestamp: string;
  device: string | null;
  tag: string | null;
  user: { email: string };
}

/**
 * Another user's clip, as the highlight screen shows it (docs/product/part-2.md §2 "Highlight creation", §3 Clip):
 * no original file name or size, and `tag` always null — the owner's tags (and their descriptions) are theirs
 * alone (§6). `width`/`height` stay: the frame size says nothing about the owner and lays out the card.
 */
export type SharedClipView = Omit<ClipView, 'filename' | 'size' | 'tag'> & { tag: null };

/** The owner's view of their clip: everything. */
export function toClipView(ctx: AppContext, row: ClipViewRow): ClipView {
  return { ...toSharedClipView(ctx, row), filename: row.filename, size: Number(row.size), tag: row.tag };
}

/** Someone else's view of a clip: what the highlight screen needs, nothing private to its owner. */
export function toSharedClipView(ctx: AppContext, row: ClipViewRow): SharedClipView {
  const now = ctx.now();
  return {
    id: row.id,
    eventId: row.event_id,
    duration: row.duration,
    width: row.width,
    height: row.height,
    thumbnailUrl: row.thumbnail_name ? signMediaPath(ctx.secret, `/media/clips/${row.id}/thumbnail`, now) : null,
    videoUrl: signMediaPath(ctx.secret, `/media/clips/${row.id}/video`, now),
    timestamp: row.recorded_at.toISOString(),
    device: row.device,
    tag: null,
    user: { email: row.user_email },
  };
}

/** The view `viewerId` may see of a clip: the whole of their own, the shared part of anyone else's. */
export function clipViewFor(ctx: AppContext, row: ClipViewRow, viewerId: string): ClipView | SharedClipView {
  return row.user_id === viewerId ? toClipView(ctx, row) : toSharedClipView(ctx, row);
}

/** A tag matches a clip this long before its start and after its end (docs/product/part-2.md §9). */
export const TAG_MATCH_WINDOW_SECONDS = MATCH_WINDOW_SECONDS;
/** The text of a matched tag that has no description. */
export const UNDESCRIBED_TAG = 'Tagged moment';

/**
 * The matched tag of the clip row `c` (an alias in scope), as a scalar subquery: the earliest of the clip owner's
 * own tags at the clip's event within [start − 30 s, end + 30 s] (docs/product/part-2.md §9; the one rule of
 * lib/tagMatching.ts), found through the tags index; its trimmed description, or 'Tagged moment'; NULL when none matches or the clip has no event.
 * Listings select it per row; the upload's INSERT returns it with the new row (routes/uploads.ts).
 */
export function matchedTagSql(c: string): string {
  return `(SELECT coalesce(nullif(btrim(tg.description), ''), '${UNDESCRIBED_TAG}')
    FROM tags tg
    WHERE tg.user_id = ${c}.user_id AND tg.event_id = ${c}.event_id
      AND ${matchConditionSql('tg.tagged_at', `${c}.recorded_at`, `${c}.duration`)}
    ORDER BY tg.tagged_at, tg.id
    LIMIT 1)`;
}

/**
 * Clips with their uploader and tag. Clips of deleted or revoked users never show (the same rule as their media
 * URLs, lib/media.ts).
 */
export const CLIP_VIEW_FROM = `FROM clips c
  JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL AND NOT u.permissions_revoked`;
/** A ClipViewRow's columns, from `clips c` joined to its uploader `u`. */
const CLIP_VIEW_COLUMNS = `c.*, u.email AS user_email, ${matchedTagSql('c')} AS tag`;
const CLIP_VIEW_SELECT = `SELECT ${CLIP_VIEW_COLUMNS} ${CLIP_VIEW_FROM}`;

/** Which clips a listing shows, to whom: `viewerId` sees the whole of their own clips, the shared view of others'. */
export type ClipScope =
  /** An event's clips, recording time ascending: the viewer's, or every (visible) user's with `allUsers`. */
  | { kind: 'event'; eventId: string; viewerId: string; allUsers: boolean }
  /** The viewer's clips without an event, newest recording first. */
  | { kind: 'unassociated'; viewerId: string };

function scopeSql(scope: ClipScope): { where: string; params: unknown[]; order: string } {
  if (scope.kind === 'unassociated') {
    return { where: 'c.event_id IS NULL AND c.user_id = $1', params: [scope.viewerId], order: 'c.recorded_at DESC, c.id DESC' };
  }
  if (scope.allUsers) {
    return { where: 'c.event_id = $1', params: [scope.eventId], order: 'c.recorded_at, c.id' };
  }
  return { where: 'c.event_id = $1 AND c.user_id = $2', params: [scope.eventId, scope.viewerId], order: 'c.recorded_at, c.id' };
}

/** One page of a clip listing: the page's rows in one query, the total in another. */
export async function clipPage(
  ctx: AppContext,
  scope: ClipScope,
  page: PageRequest,
): Promise<{ clips: (ClipView | SharedClipView)[]; pagination: Pagination }> {
  const { where, params, order } = scopeSql(scope);
  const n = params.length;
  const [rows, count] = await Promise.all([
    ctx.db.query<ClipViewRow>(`${CLIP_VIEW_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      page.limit,
      offsetOf(page),
    ]),
    ctx.db.query<{ total: number }>(`SELECT count(*)::int AS total ${CLIP_VIEW_FROM} WHERE ${where}`, params),
  ]);
  return {
    clips: rows.rows.map((row) => clipViewFor(ctx, row, scope.viewerId)),
    pagination: pagination(count.rows[0]?.total ?? 0, page),
  };
}

/** One of `ownerId`'s clips as a view; null when there is none (or it is someone else's). */
export async function findClipView(ctx: AppContext, id: string, ownerId: string): Promise<ClipView | null> {
  const r = await ctx.db.query<ClipViewRow>(`${CLIP_VIEW_SELECT} WHERE c.id = $1 AND c.user_id = $2`, [id, ownerId]);
  const row = r.rows[0];
  return row ? toClipView(ctx, row) : null;
}

/**
 * The clip `ownerId` uploaded under the Idempotency-Key `key` (routes/uploads.ts); null when there is none. The
 * caller is the owner, signed in: unlike the listings it does not hide the clip when the owner was revoked since,
 * so an upload that lost the race to store its key still answers the clip that won (not a 500).
 */
export async function findUploadedClip(ctx: AppContext, ownerId: string, key: string): Promise<ClipView | null> {
  const r = await ctx.db.query<ClipViewRow>(
    `SELECT ${CLIP_VIEW_COLUMNS} FROM clips c JOIN users u ON u.id = c.user_id WHERE c.user_id = $1 AND c.upload_key = $2`,
    [ownerId, key],
  );
  const row = r.rows[0];
  return row ? toClipView(ctx, row) : null;
}

// ---------- pages of a listing (clips here; the event listings use the same shape) ----------

/** Pages are 1-based; past this a listing is being scraped, not read. */
export const MAX_PAGE = 1_000_000;

export interface PageRequest {
  page: number;
  limit: number;
}

export interface Pagination {
  total: number;
  hasMore: boolean;
  page: number;
  limit: number;
}

export function offsetOf(page: PageRequest): number {
  return (page.page - 1) * page.limit;
}

export function pagination(total: number, page: PageRequest): Pagination {
  return { total, hasMore: offsetOf(page) + page.limit < total, page: page.page, limit: page.limit };
}

/** An optional whole number in [min, max] from the query; absent or blank → `fallback`. Repeated → refused. */
export const optionalInteger = (min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(`must be a whole number between ${min} and ${max}`),
      v.transform((s) => (s.trim() === '' ? fallback : s)),
      integer(min, max),
    ),
    String(fallback),
  );

/** An optional whole number in [min, max] from the query; absent or blank → undefined (the route decides). */
export const maybeInteger = (min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(`must be a whole number between ${min} and ${max}`),
      v.transform((s): string | number | undefined => (s.trim() === '' ? undefined : s)),
      v.optional(integer(min, max)),
    ),
  );

/** `true` or `false` from the query; absent or blank → false. */
export const optionalBoolean = v.optional(
  v.pipe(
    v.string('must be true or false'),
    v.transform((s) => (s.trim() === '' ? 'false' : s)),
    v.picklist(['true', 'false'], 'must be true or false'),
    v.transform((s) => s === 'true'),
  ),
  'false',
);

/** `page` (≥ 1, default 1) and `limit` (1…maxLimit, default `defaultLimit`) of a listing's query. */
export function pageEntries(maxLimit: number, defaultLimit: number) {
  return { page: optionalInteger(1, MAX_PAGE, 1), limit: optionalInteger(1, maxLimit, defaultLimit) };
}
