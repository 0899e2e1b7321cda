import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { bearerToken, checkToken, loadUsableUser, requireAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { checkEditorCredential, hashLaunchToken, issueEditorCredential, newLaunchToken } from '../lib/editorCredential';
import {
  assertTrimsFit,
  assertUsableClips,
  completedReturnUrl,
  EDITOR_SESSION_TTL_MS,
  findSession,
  INVALID_LINK_MESSAGE,
  isLive,
  parseNewSession,
  parseRender,
  sessionExpired,
  sessionNotFound,
  sessionView,
  usableClipDurations,
  type SessionRow,
} from '../lib/editorSessions';
import { ApiError, ok } from '../lib/envelope';
import { freeSpaceProbe } from '../lib/diskSpace';
import { totalSeconds } from '../lib/render/renderCommand';
import { RENDER_NO_SPACE_MESSAGE, renderSpaceNeeded } from '../lib/render/renderLimits';
import { enqueueRender } from '../lib/render/renderQueue';
import type { Queryable } from '../db';
import { MAX_OPEN_EDITOR_SESSIONS, MAX_RENDERS_PER_USER, tooManyRendersMessage } from '../../src/app/product';
import { jsonObject, parseInput, uuid } from '../lib/schema';
import { callerId, eventNotFound } from './events';

/**
 * Editor sessions (docs/product/part-2.md §3 "Editing session", §4 Editing flow, §7; docs/api.md "Editor sessions").
 * The app creates a session (Bearer) and sends the browser to `/editor/{id}?token=…`; the editor trades the one-time
 * token for a credential scoped to that session (lib/editorCredential.ts) and uses it, in `X-Editor-Credential`, to
 * load the session, cancel it or render it. Nothing here logs a body or a header: the token and the credential
 * never reach a log line (server/test/editor-sessions.test.ts checks).
 */

const SessionParams = v.object({ id: uuid });
const CredentialBody = jsonObject({
  token: v.pipe(v.string('must be a string'), v.minLength(1, 'is required'), v.maxLength(200)),
});

export const EDITOR_CREDENTIAL_HEADER = 'x-editor-credential';

function invalidCredential(): ApiError {
  return new ApiError(401, 'INVALID_EDITOR_CREDENTIAL', 'Editor credential is missing or invalid');
}

/** A user's highlights waiting for or in a render. */
async function rendersInProgress(db: Queryable, userId: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM render_jobs j JOIN highlights h ON h.id = j.highlight_id
     WHERE h.user_id = $1 AND j.state IN ('queued', 'active')`,
    [userId],
  );
  return r.rows[0]?.n ?? 0;
}

/** Ends the user's oldest open sessions so that the one about to open is at most the MAX_OPEN_EDITOR_SESSIONS-th. */
async function endOldestSessions(db: Queryable, userId: string, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE editor_sessions SET status = 'cancelled', launch_token_hash = NULL
     WHERE id IN (
       SELECT id FROM editor_sessions WHERE user_id = $1 AND status = 'open' AND expires_at > $2
       ORDER BY opened_seq DESC OFFSET $3)`,
    [userId, new Date(nowMs), MAX_OPEN_EDITOR_SESSIONS - 1],
  );
}

/**
 * Room on the disk for a render of `seconds`: its temporary file is written to the highlights directory (on a bucket
 * too, before it is uploaded). Refused up front (507) rather than failing half-written.
 */
async function assertRenderSpace(app: FastifyInstance, ctx: AppContext, seconds: number): Promise<void> {
  let free: number;
  try {
    free = await freeSpaceProbe(app)(ctx.highlightsDir);
  } catch {
    return; // no answer is no reason to refuse; the worker checks again
  }
  if (free < renderSpaceNeeded(seconds)) {
    throw new ApiError(507, 'INSUFFICIENT_STORAGE', RENDER_NO_SPACE_MESSAGE, { neededBytes: renderSpaceNeeded(seconds) });
  }
}

export function registerEditorSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The session in the path, or 404. */
  const loadSession = async (request: FastifyRequest): Promise<SessionRow> => {
    const { id } = parseInput(SessionParams, request.params, 'params');
    const row = await findSession(ctx.db, id.toLowerCase());
    if (!row) throw sessionNotFound();
    return row;
  };

  /**
   * The credential in the header must be this session's (401 when absent or not genuine, 403 when it is another
   * session's), and the session's creator must still be allowed in (what requireAuth answers otherwise).
   */
  const assertCredential = async (request: FastifyRequest, row: SessionRow): Promise<void> => {
    const verdict = checkEditorCredential(
      ctx.secret,
      request.headers[EDITOR_CREDENTIAL_HEADER],
      row.id,
      row.expires_at.getTime(),
    );
    if (verdict === 'other-session') {
      throw new ApiError(403, 'EDITOR_CREDENTIAL_SCOPE', 'This editor credential belongs to another editing session');
    }
    if (verdict !== 'ok') throw invalidCredential();
    await loadUsableUser(ctx, row.user_id);
  };

  app.post('/api/v1/editor-sessions', { preHandler: requireAuth(ctx) }, async (request, reply) => {
    const me = callerId(request.user);
    const input = parseNewSession(request);
    const event = await ctx.db.query('SELECT 1 FROM events WHERE id = $1', [input.eventId]);
    if (event.rows.length === 0) throw eventNotFound();
    const durations = await usableClipDurations(ctx.db, input.eventId, input.clipIds);
    assertUsableClips(input.clipIds, durations);
    assertTrimsFit(input.trims, durations);
    const token = newLaunchToken();
    const nowMs = ctx.now();
    await endOldestSessions(ctx.db, me, nowMs);
    const r = await ctx.db.query<{ id: string; expires_at: Date }>(
      `INSERT INTO editor_sessions
         (user_id, event_id, clip_ids, clip_trims, return_url, launch_token_hash, created_at, expires_at)
       VALUES ($1, $2, $3::uuid[], $4::jsonb, $5, $6, $7, $8) RETURNING id, expires_at`,
      [
        me,
        input.eventId,
        input.clipIds,
        input.trims.length > 0 ? JSON.stringify(input.trims) : null,
        input.returnUrl,
        hashLaunchToken(token),
        new Date(nowMs),
        new Date(nowMs + EDITOR_SESSION_TTL_MS),
      ],
    );
    const row = r.rows[0];
    if (!row) throw new Error('editor session insert returned no row');
    return reply.code(201).send(
      ok({
        id: row.id,
        token,
        editorUrl: `/editor/${row.id}?token=${token}`,
        expiresAt: row.expires_at.toISOString(),
      }),
    );
  });

  // The editor trades the launch token (once) for the session's credential.
  app.post('/api/v1/editor-sessions/:id/credential', async (request) => {
    const row = await loadSession(request);
    const { token } = parseInput(CredentialBody, request.body, 'body');
    const nowMs = ctx.now();
    if (!isLive(row, nowMs)) throw sessionExpired();
    await loadUsableUser(ctx, row.user_id);
    // One statement: of two requests with the same token, one clears the hash and the other finds nothing.
    const traded = await ctx.db.query<{ id: string; expires_at: Date }>(
      `UPDATE editor_sessions SET launch_token_hash = NULL
       WHERE id = $1 AND launch_token_hash = $2 AND status = 'open' AND expires_at > $3
       RETURNING id, expires_at`,
      [row.id, hashLaunchToken(token), new Date(nowMs)],
    );
    const session = traded.rows[0];
    if (!session) throw new ApiError(401, 'INVALID_EDITOR_LINK', INVALID_LINK_MESSAGE);
    const expiresAtMs = session.expires_at.getTime();
    return ok({
      credential: issueEditorCredential(ctx.secret, session.id, expiresAtMs),
      expiresAt: session.expires_at.toISOString(),
    });
  });

  app.get('/api/v1/editor-sessions/:id', async (request, reply) => {
    const row = await loadSession(request);
    await assertCredential(request, row);
    if (!isLive(row, ctx.now())) throw sessionExpired();
    reply.header('cache-control', 'no-store');
    return ok({ session: await sessionView(ctx, row) });
  });

  // Cancel: from the editor (credential) or from the app (the creator's bearer). Idempotent.
  app.post('/api/v1/editor-sessions/:id/cancel', async (request) => {
    const row = await loadSession(request);
    if (request.headers[EDITOR_CREDENTIAL_HEADER] !== undefined || !bearerToken(request)) {
      await assertCredential(request, row);
    } else {
      const claims = await checkToken(ctx, request, 'strict');
      const user = await loadUsableUser(ctx, claims.userId);
      if (user.id !== row.user_id) throw sessionNotFound();
    }
    const r = await ctx.db.query<{ status: string }>(
      `UPDATE editor_sessions SET status = 'cancelled', launch_token_hash = NULL
       WHERE id = $1 AND status <> 'completed' RETURNING status`,
      [row.id],
    );
    if (r.rows.length === 0) {
      throw new ApiError(409, 'EDITOR_SESSION_COMPLETED', 'This editing session was already rendered and cannot be cancelled');
    }
    return ok({ id: row.id, status: 'cancelled' as const });
  });

  /**
   * The highlight a completed, unexpired session already rendered, or null: a Render repeated after the first one
   * committed (e.g. the editor's request timed out) gets the same answer instead of 410.
   */
  const renderedHighlight = async (sessionId: string, nowMs: number): Promise<string | null> => {
    const r = await ctx.db.query<{ id: string }>(
      `SELECT h.id FROM highlights h JOIN editor_sessions s ON s.id = h.editor_session_id
       WHERE s.id = $1 AND s.status = 'completed' AND s.expires_at > $2
       ORDER BY h.created_at, h.id LIMIT 1`,
      [sessionId, new Date(nowMs)],
    );
    return r.rows[0]?.id ?? null;
  };

  // Render: the highlight (queued) and its render job in one transaction; the session is then completed.
  app.post('/api/v1/editor-sessions/:id/render', async (request, reply) => {
    const row = await loadSession(request);
    await assertCredential(request, row);
    const nowMs = ctx.now();
    const rendered = (highlightId: string) =>
      reply.code(200).send(ok({ highlightId, returnUrl: completedReturnUrl(row.return_url, row.id) }));
    if (row.status === 'completed') {
      const earlier = await renderedHighlight(row.id, nowMs);
      if (earlier) return rendered(earlier);
    }
    if (!isLive(row, nowMs)) throw sessionExpired();
    const usable = await ctx.db.query<{ id: string; duration: number | null }>(
      `SELECT c.id, c.duration FROM clips c
       JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL AND NOT u.permissions_revoked
       WHERE c.id = ANY($1::uuid[]) AND c.event_id = $2`,
      [row.clip_ids, row.event_id],
    );
    const edit = parseRender(request.body, new Map(usable.rows.map((c) => [c.id, c.duration])));
    await assertRenderSpace(app, ctx, totalSeconds(edit.clips));
    const now = new Date(nowMs);
    const highlightId = await ctx.db.transaction(async (tx) => {
      // One user's Render requests one at a time, so two at once cannot both pass the count below.
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [row.user_id]);
      const busy = await rendersInProgress(tx, row.user_id);
      if (busy >= MAX_RENDERS_PER_USER) {
        throw new ApiError(429, 'TOO_MANY_RENDERS', tooManyRendersMessage(busy), { rendering: busy, max: MAX_RENDERS_PER_USER });
      }
      // Completing first: of two Render requests at once, only one finds the session open.
      const done = await tx.query(
        `UPDATE editor_sessions SET status = 'completed', launch_token_hash = NULL
         WHERE id = $1 AND status = 'open' AND expires_at > $2 RETURNING id`,
        [row.id, now],
      );
      if (done.rows.length === 0) return null;
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO highlights (user_id, event_id, editor_session_id, title, clips, created_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id`,
        [row.user_id, row.event_id, row.id, edit.title, JSON.stringify(edit.clips), now],
      );
      const id = inserted.rows[0]?.id;
      if (!id) throw new Error('highlight insert returned no id');
      await enqueueRender(tx, id, now);
      return id;
    });
    if (highlightId === null) {
      // Another Render of this session committed first (or it was cancelled or expired meanwhile).
      const earlier = await renderedHighlight(row.id, nowMs);
      if (earlier) return rendered(earlier);
      throw sessionExpired();
    }
    return reply.code(201).send(ok({ highlightId, returnUrl: completedReturnUrl(row.return_url, row.id) }));
  });
}
