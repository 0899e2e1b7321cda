import type { FastifyRequest } from 'fastify';
import {
  highlightTooLongMessage,
  MAX_HIGHLIGHT_CLIPS,
  MAX_HIGHLIGHT_SECONDS,
  MIN_PIECE_SECONDS,
  TOO_MANY_CLIPS,
} from '../../src/app/product';
import { sameOriginUrl } from './auth';
import { CLIP_VIEW_FROM, toSharedClipView, type ClipViewRow } from './clipViews';
import type { AppContext } from './context';
import { ApiError } from './envelope';
import { signMediaPathUntil } from './media';
import { totalSeconds } from './render/renderCommand';
import { isStorableText } from './schema';
import { matchConditionSql, offsetSeconds } from './tagMatching';
import type { Db } from '../db';

/**
 * Editing sessions (docs/product/part-2.md §3 "Editing session", §4 Editing flow, §5, §7; docs/api.md "Editor
 * sessions"): the rules and queries behind routes/editorSessions.ts.
 */

/** A session (and its editor credential) lasts this long. */
export const EDITOR_SESSION_TTL_MS = 2 * 60 * 60 * 1000;
/** Render: title length after trimming. */
export const MAX_TITLE_LENGTH = 100;
/** Render: an out point may pass the stored duration by this much (players round the last frame). */
export const DURATION_TOLERANCE_SECONDS = 0.05;
/** Render: an out point for a clip of unknown duration may be at most this. */
const MAX_UNKNOWN_DURATION_SECONDS = 24 * 3600;

export const REQUIRED_MESSAGE = 'Event ID and at least one clip are required';
export const RETURN_URL_MESSAGE = 'returnUrl must be on this site';
export const INVALID_LINK_MESSAGE = 'Editor link is invalid or was already used';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function badInput(message: string, details: Record<string, string>): ApiError {
  return new ApiError(400, 'INVALID_INPUT', message, details);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface NewSessionInput {
  eventId: string;
  clipIds: string[];
  returnUrl: string;
  /** Trims chosen before the editor opens ('Make my highlight'), in the order sent; empty: none. */
  trims: EditPiece[];
}

/**
 * The body of POST /editor-sessions, checked in the order the app's messages need: event and clips present, at
 * most 20 clips, well-formed ids without repeats, the return address on this site, then the optional trims
 * (parseTrims; their fit to each clip's stored duration is checked once the clips are loaded: assertTrimsFit).
 */
export function parseNewSession(request: FastifyRequest): NewSessionInput {
  const body: unknown = request.body;
  if (!isPlainObject(body)) throw badInput(REQUIRED_MESSAGE, { body: 'must be a JSON object' });
  const { eventId, clipIds, returnUrl } = body;
  const missing = (x: unknown) => x === undefined || x === null || x === '';
  if (missing(eventId) || missing(clipIds) || (Array.isArray(clipIds) && clipIds.length === 0)) {
    const details: Record<string, string> = {};
    if (missing(eventId)) details['body.eventId'] = 'is required';
    if (!Array.isArray(clipIds) || clipIds.length === 0) details['body.clipIds'] = 'must list at least one clip';
    throw badInput(REQUIRED_MESSAGE, details);
  }
  if (!Array.isArray(clipIds)) throw badInput('Invalid input', { 'body.clipIds': 'must be an array of clip IDs' });
  if (clipIds.length > MAX_HIGHLIGHT_CLIPS) {
    throw badInput(TOO_MANY_CLIPS, { 'body.clipIds': `must list at most ${MAX_HIGHLIGHT_CLIPS} clips` });
  }
  const details: Record<string, string> = {};
  if (!isUuid(eventId)) details['body.eventId'] = 'must be a UUID';
  clipIds.forEach((id, i) => {
    if (!isUuid(id)) details[`body.clipIds.${i}`] = 'must be a UUID';
  });
  if (Object.keys(details).length > 0) throw badInput('Invalid input', details);
  const ids = (clipIds as string[]).map((id) => id.toLowerCase());
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length > 0) {
    throw badInput('Each clip can be selected only once', { 'body.clipIds': `repeats ${[...new Set(repeated)].join(', ')}` });
  }
  const url = typeof returnUrl === 'string' && isStorableText(returnUrl) ? absoluteSameOrigin(request, returnUrl) : null;
  if (!url) throw badInput(RETURN_URL_MESSAGE, { 'body.returnUrl': 'must be an absolute URL on this site' });
  return { eventId: (eventId as string).toLowerCase(), clipIds: ids, returnUrl: url, trims: parseTrims(body.trims, ids) };
}

const TRIM_SHAPE = 'must be an object { clipId, inSeconds, outSeconds }';

/**
 * The optional `trims` of a new session (docs/api.md "Editor sessions"): absent, null or [] = none; else at most
 * one entry per clip of `clipIds` (lower-cased ids), each with the Render rules for a piece (parseRender) except the
 * clip's duration, which the caller checks against the stored one (assertTrimsFit).
 */
export function parseTrims(value: unknown, clipIds: string[]): EditPiece[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badInput('Invalid input', { 'body.trims': `must be an array: each entry ${TRIM_SHAPE}` });
  // Checked before the entries: a huge array costs nothing (and more entries than clips must repeat one anyway).
  if (value.length > clipIds.length) {
    throw badInput('Invalid input', { 'body.trims': 'must have at most one entry per clip of clipIds' });
  }
  const details: Record<string, string> = {};
  const seen = new Set<string>();
  const trims: EditPiece[] = [];
  value.forEach((item: unknown, i) => {
    const at = `body.trims.${i}`;
    if (!isPlainObject(item)) {
      details[at] = TRIM_SHAPE;
      return;
    }
    const { clipId, inSeconds, outSeconds } = item;
    if (!isUuid(clipId)) {
      details[`${at}.clipId`] = 'must be a UUID';
      return;
    }
    const id = clipId.toLowerCase();
    if (!clipIds.includes(id)) {
      details[`${at}.clipId`] = 'must be one of clipIds';
      return;
    }
    if (seen.has(id)) {
      details[`${at}.clipId`] = 'already has a trim';
      return;
    }
    seen.add(id);
    const piece = checkPiece(inSeconds, outSeconds, null);
    if (typeof piece === 'string') details[at] = piece;
    else trims.push({ clipId: id, ...piece });
  });
  if (Object.keys(details).length > 0) throw badInput('Invalid input', details);
  return trims;
}

/**
 * 400 INVALID_INPUT when a trim ends past its clip's stored duration (+ DURATION_TOLERANCE_SECONDS); a clip whose
 * duration is unknown takes any trim parseTrims accepted (the editor clamps it once it reads the length).
 * `trims` in the order parseTrims returned them: all were valid, so their index is the one sent.
 */
export function assertTrimsFit(trims: EditPiece[], durations: ReadonlyMap<string, number | null>): void {
  const details: Record<string, string> = {};
  trims.forEach((t, i) => {
    const piece = checkPiece(t.inSeconds, t.outSeconds, durations.get(t.clipId) ?? null);
    if (typeof piece === 'string') details[`body.trims.${i}`] = piece;
  });
  if (Object.keys(details).length > 0) throw badInput('Invalid input', details);
}

/** An absolute URL on the request's public origin (no paths, no other hosts, ports or schemes), normalised. */
function absoluteSameOrigin(request: FastifyRequest, value: string): string | null {
  if (!URL.canParse(value)) return null; // not absolute (a path, `//host`) or not a URL
  const url = sameOriginUrl(request, value);
  return url ? url.href : null;
}

/**
 * The clips of `clipIds` that are clips of `eventId` whose owner is neither deleted nor revoked, each with its
 * stored duration (null when unknown).
 */
export async function usableClipDurations(db: Db, eventId: string, clipIds: string[]): Promise<Map<string, number | null>> {
  const r = await db.query<{ id: string; duration: number | null }>(
    `SELECT c.id, c.duration ${CLIP_VIEW_FROM} WHERE c.id = ANY($1::uuid[]) AND c.event_id = $2`,
    [clipIds, eventId],
  );
  return new Map(r.rows.map((row) => [row.id, row.duration]));
}

/** 400 CLIP_NOT_USABLE naming the ids of `clipIds` not in `usable`; nothing when all are. */
export function assertUsableClips(clipIds: string[], usable: ReadonlyMap<string, unknown>): void {
  const bad = clipIds.filter((id) => !usable.has(id));
  if (bad.length === 0) return;
  throw new ApiError(400, 'CLIP_NOT_USABLE', `These clips cannot be used for this event: ${bad.join(', ')}`, { clipIds: bad });
}

// ---------- stored sessions ----------

export type SessionStatus = 'open' | 'cancelled' | 'completed';

export interface SessionRow {
  id: string;
  user_id: string;
  event_id: string;
  clip_ids: string[];
  /** Preset trims (lower-cased clip ids), or null when the app sent none. */
  clip_trims: EditPiece[] | null;
  return_url: string;
  launch_token_hash: string | null;
  status: SessionStatus;
  created_at: Date;
  expires_at: Date;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const r = await db.query<SessionRow>('SELECT * FROM editor_sessions WHERE id = $1', [id]);
  return r.rows[0] ?? null;
}

export function sessionNotFound(): ApiError {
  return new ApiError(404, 'EDITOR_SESSION_NOT_FOUND', 'Editing session not found. It may have expired.');
}

export function sessionExpired(): ApiError {
  return new ApiError(410, 'EDITOR_SESSION_EXPIRED', 'Editing session has expired.');
}

/** Usable by the editor: open and not past its expiry. */
export function isLive(row: SessionRow, nowMs: number): boolean {
  return row.status === 'open' && row.expires_at.getTime() > nowMs;
}

/**
 * Where the editor returns after Render: the session's returnUrl with `editing_session={id}&editing_completed=true`
 * added to its query (before any fragment).
 */
export function completedReturnUrl(returnUrl: string, sessionId: string): string {
  const hashAt = returnUrl.indexOf('#');
  const base = hashAt === -1 ? returnUrl : returnUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : returnUrl.slice(hashAt);
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}editing_session=${sessionId}&editing_completed=true${hash}`;
}

// ---------- the session as the editor loads it ----------

export interface SessionEvent {
  id: string;
  name: string;
  sport: string;
  startTime: string;
  endTime: string | null;
  timezone: string;
  location: { name: string; city: string; state: string };
}

export interface SessionClip {
  id: string;
  videoUrl: string;
  thumbnailUrl: string | null;
  duration: number | null;
  timestamp: string;
  device: string | null;
  width: number | null;
  height: number | null;
  user: { email: string };
  /** The session owner's tagged moment in this clip (seconds from its start), or null. */
  moment: { offsetSeconds: number; description: string | null } | null;
  /** The trim the app chose for this clip when it created the session, or null (the editor's default then). */
  trim: { inSeconds: number; outSeconds: number } | null;
}

export interface SessionView {
  id: string;
  status: SessionStatus;
  expiresAt: string;
  returnUrl: string;
  event: SessionEvent;
  clips: SessionClip[];
}

interface EventJoinRow {
  id: string;
  name: string;
  sport: string;
  start_time: Date;
  end_time: Date | null;
  timezone: string;
  location_name: string | null;
  city: string | null;
  state: string | null;
}

interface MomentRow {
  clip_id: string;
  tagged_at: Date;
  description: string | null;
}

/** The path of a clip's media as an editing session serves it (routes/media.ts checks the session is open). */
export function editorMediaPathname(sessionId: string, clipId: string, kind: 'video' | 'thumbnail'): string {
  return `/media/editor/${sessionId}/clips/${clipId}/${kind}`;
}

/** A clip's media link for the editor, signed to the session's expiry and no later. */
function editorMediaUrl(ctx: AppContext, row: SessionRow, clipId: string, kind: 'video' | 'thumbnail'): string {
  return signMediaPathUntil(ctx.secret, editorMediaPathname(row.id, clipId, kind), row.expires_at.getTime());
}

/** How far (ms) a tag is from a clip's recording interval: 0 inside it. */
function distanceMs(tagMs: number, startMs: number, durationSeconds: number | null): number {
  const endMs = startMs + Math.max(0, durationSeconds ?? 0) * 1000;
  if (tagMs < startMs) return startMs - tagMs;
  return tagMs > endMs ? tagMs - endMs : 0;
}

/**
 * The session with its event and its clips in the chosen order. A clip that was deleted, or whose owner was deleted
 * or revoked since, is left out (its media would not play). Each clip's moment is the session owner's tag at the
 * event that matches it (lib/tagMatching.ts) nearest to it; of equally near ones, the earliest.
 */
export async function sessionView(ctx: AppContext, row: SessionRow): Promise<SessionView> {
  const [event, clips, moments] = await Promise.all([
    ctx.db.query<EventJoinRow>(
      `SELECT e.id, e.name, e.sport, e.start_time, e.end_time, l.timezone, l.name AS location_name, l.city, l.state
       FROM events e JOIN locations l ON l.id = e.location_id WHERE e.id = $1`,
      [row.event_id],
    ),
    ctx.db.query<ClipViewRow>(
      `SELECT c.*, u.email AS user_email, NULL::text AS tag ${CLIP_VIEW_FROM} WHERE c.id = ANY($1::uuid[]) AND c.event_id = $2`,
      [row.clip_ids, row.event_id],
    ),
    ctx.db.query<MomentRow>(
      `SELECT c.id AS clip_id, t.tagged_at, t.description
       FROM clips c JOIN tags t ON t.user_id = $3 AND t.event_id = c.event_id
         AND ${matchConditionSql('t.tagged_at', 'c.recorded_at', 'c.duration')}
       WHERE c.id = ANY($1::uuid[]) AND c.event_id = $2
       ORDER BY t.tagged_at, t.id`,
      [row.clip_ids, row.event_id, row.user_id],
    ),
  ]);
  const e = event.rows[0];
  if (!e) throw sessionNotFound(); // the event is gone (its sessions cascade with it)
  const byId = new Map(clips.rows.map((c) => [c.id, c]));
  const momentsByClip = new Map<string, MomentRow[]>();
  for (const m of moments.rows) momentsByClip.set(m.clip_id, [...(momentsByClip.get(m.clip_id) ?? []), m]);
  const trims = new Map((row.clip_trims ?? []).map((t) => [t.clipId, { inSeconds: t.inSeconds, outSeconds: t.outSeconds }]));

  const sessionClips: SessionClip[] = [];
  for (const id of row.clip_ids) {
    const c = byId.get(id);
    if (!c) continue;
    const shared = toSharedClipView(ctx, c);
    const startMs = c.recorded_at.getTime();
    let nearest: MomentRow | null = null;
    for (const m of momentsByClip.get(id) ?? []) {
      // Moments come oldest first: a later one replaces only a strictly nearer one.
      if (
        !nearest ||
        distanceMs(m.tagged_at.getTime(), startMs, c.duration) < distanceMs(nearest.tagged_at.getTime(), startMs, c.duration)
      ) {
        nearest = m;
      }
    }
    sessionClips.push({
      id: shared.id,
      // The session's own links: they end with it (expiry, cancel, finish, logout), not hours later.
      videoUrl: editorMediaUrl(ctx, row, shared.id, 'video'),
      thumbnailUrl: shared.thumbnailUrl ? editorMediaUrl(ctx, row, shared.id, 'thumbnail') : null,
      duration: shared.duration,
      timestamp: shared.timestamp,
      device: shared.device,
      width: shared.width,
      height: shared.height,
      user: shared.user,
      moment: nearest
        ? {
            offsetSeconds: offsetSeconds(nearest.tagged_at.getTime(), startMs),
            description: nearest.description?.trim() || null,
          }
        : null,
      trim: trims.get(id) ?? null,
    });
  }
  return {
    id: row.id,
    status: row.status,
    expiresAt: row.expires_at.toISOString(),
    returnUrl: row.return_url,
    event: {
      id: e.id,
      name: e.name,
      sport: e.sport,
      startTime: e.start_time.toISOString(),
      endTime: e.end_time ? e.end_time.toISOString() : null,
      timezone: e.timezone,
      location: { name: e.location_name || 'Location TBD', city: e.city || 'TBD', state: e.state || 'TBD' },
    },
    clips: sessionClips,
  };
}

// ---------- the edit sent by Render ----------

export interface EditPiece {
  clipId: string;
  inSeconds: number;
  outSeconds: number;
}

export interface RenderInput {
  title: string;
  clips: EditPiece[];
}

function isFiniteNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/**
 * A piece's in and out points, or what is wrong with them: numbers, 0 ≤ in < out ≤ duration (+0.05 s; a clip of
 * unknown duration: ≤ 24 h), at least 0.5 s long. The same rule for Render pieces and preset trims.
 */
function checkPiece(
  inSeconds: unknown,
  outSeconds: unknown,
  duration: number | null,
): { inSeconds: number; outSeconds: number } | string {
  if (!isFiniteNumber(inSeconds) || !isFiniteNumber(outSeconds)) return 'inSeconds and outSeconds must be numbers';
  const limit = duration === null ? MAX_UNKNOWN_DURATION_SECONDS : duration + DURATION_TOLERANCE_SECONDS;
  if (inSeconds < 0 || outSeconds > limit || inSeconds >= outSeconds) {
    return 'must have 0 ≤ inSeconds < outSeconds ≤ the clip duration';
  }
  if (outSeconds - inSeconds < MIN_PIECE_SECONDS) return `must be at least ${MIN_PIECE_SECONDS} s long`;
  return { inSeconds, outSeconds };
}

/**
 * The Render body against the session: title 1–100 characters after trimming; 1–20 pieces, each a different clip of
 * the session, 0 ≤ in < out ≤ duration (+0.05 s), at least 0.5 s long. `durations` maps the session's usable clips
 * to their stored duration (null when unknown).
 */
export function parseRender(body: unknown, durations: Map<string, number | null>): RenderInput {
  if (!isPlainObject(body)) throw badInput('Invalid edit', { body: 'must be a JSON object' });
  const details: Record<string, string> = {};
  const title = typeof body.title === 'string' ? body.title.trim() : null;
  if (title === null) details['body.title'] = 'is required';
  else if (title.length === 0 || title.length > MAX_TITLE_LENGTH || !isStorableText(title)) {
    details['body.title'] = `must be 1 to ${MAX_TITLE_LENGTH} characters`;
  }
  const list = body.clips;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_HIGHLIGHT_CLIPS) {
    details['body.clips'] = `must list 1 to ${MAX_HIGHLIGHT_CLIPS} clips`;
    throw badInput('Invalid edit', details);
  }
  const seen = new Set<string>();
  const pieces: EditPiece[] = [];
  list.forEach((item: unknown, i) => {
    const at = `body.clips.${i}`;
    if (!isPlainObject(item)) {
      details[at] = 'must be an object { clipId, inSeconds, outSeconds }';
      return;
    }
    const { clipId, inSeconds, outSeconds } = item;
    if (!isUuid(clipId)) {
      details[`${at}.clipId`] = 'must be a UUID';
      return;
    }
    const id = clipId.toLowerCase();
    if (!durations.has(id)) {
      details[`${at}.clipId`] = 'is not a usable clip of this editing session';
      return;
    }
    if (seen.has(id)) {
      details[`${at}.clipId`] = 'is already in the edit';
      return;
    }
    seen.add(id);
    const piece = checkPiece(inSeconds, outSeconds, durations.get(id) ?? null);
    if (typeof piece === 'string') details[at] = piece;
    else pieces.push({ clipId: id, ...piece });
  });
  if (Object.keys(details).length > 0 || title === null) throw badInput('Invalid edit', details);
  const total = totalSeconds(pieces);
  if (total > MAX_HIGHLIGHT_SECONDS + DURATION_TOLERANCE_SECONDS) {
    throw new ApiError(400, 'HIGHLIGHT_TOO_LONG', highlightTooLongMessage(total), {
      seconds: Math.round(total * 100) / 100,
      maxSeconds: MAX_HIGHLIGHT_SECONDS,
    });
  }
  return { title, clips: pieces };
}
