import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import { clipPage, findClipView, offsetOf, optionalBoolean, pageEntries, pagination } from '../lib/clipViews';
import type { AppContext } from '../lib/context';
import { ApiError, ok } from '../lib/envelope';
import { parseInput, uuid } from '../lib/schema';
import {
  callerId,
  EVENT_COLUMNS,
  EVENT_FROM,
  eventNotFound,
  findEventView,
  toEventView,
  type EventRow,
  type EventView,
} from './events';

/**
 * Browsing one's clips (docs/product/part-2.md §2 "My Clips", "Clips of an event", "Unassociated clips"). Clips
 * are their owner's only (§6); the highlight screen alone asks for every user's clips of an event (allUsers), and
 * sees of other users' clips only what it shows (lib/clipViews.ts SharedClipView).
 */

const ClipParams = v.object({ id: uuid });
const EventParams = v.object({ eventId: uuid });

const MyClipsQuery = v.object(pageEntries(100, 50));
const EventClipsQuery = v.object({ ...pageEntries(500, 12), allUsers: optionalBoolean });
const UnassociatedQuery = v.object(pageEntries(100, 12));

interface MyEventRow {
  latest_clip_at: Date;
}

/** An event of "My Clips": the caller's clip count there and when the newest of those clips was recorded. */
export type MyClipsEvent = EventView & { clipCount: number; tagCount: number; latestClipAt: string };

export function registerClipRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Events where the caller has clips, newest event first, and how many of their clips have no event.
  app.get('/api/v1/clips', { preHandler: requireAuth(ctx) }, async (request) => {
    const page = parseInput(MyClipsQuery, request.query, 'query');
    const me = callerId(request.user);
    // Events are walked newest first and each is probed for one of my clips (clips_user_event_time_idx), so a
    // page costs about `limit` probes however many clips I have; the counts run for the page's events only.
    const sql = `SELECT p.*,
        (SELECT count(*)::int FROM clips c WHERE c.user_id = $1 AND c.event_id = p.id) AS clip_count,
        (SELECT max(c.recorded_at) FROM clips c WHERE c.user_id = $1 AND c.event_id = p.id) AS latest_clip_at,
        (SELECT count(*)::int FROM tags t WHERE t.user_id = $1 AND t.event_id = p.id) AS tag_count
      FROM (
        SELECT ${EVENT_COLUMNS} ${EVENT_FROM}
        WHERE EXISTS (SELECT 1 FROM clips c WHERE c.user_id = $1 AND c.event_id = e.id)
        ORDER BY start_time DESC, name, id LIMIT $2 OFFSET $3
      ) p ORDER BY start_time DESC, name, id`;
    const [rows, counts] = await Promise.all([
      ctx.db.query<EventRow & MyEventRow>(sql, [me, page.limit, offsetOf(page)]),
      ctx.db.query<{ events: number; unassociated: number }>(
        `SELECT
           (SELECT count(*)::int FROM events e WHERE EXISTS (SELECT 1 FROM clips c WHERE c.user_id = $1 AND c.event_id = e.id))
             AS events,
           (SELECT count(*)::int FROM clips c WHERE c.user_id = $1 AND c.event_id IS NULL) AS unassociated`,
        [me],
      ),
    ]);
    const events = rows.rows.map((row): MyClipsEvent => ({
      ...toEventView(row),
      clipCount: row.clip_count ?? 0,
      tagCount: row.tag_count ?? 0,
      latestClipAt: row.latest_clip_at.toISOString(),
    }));
    const total = counts.rows[0];
    return ok({ events, pagination: pagination(total?.events ?? 0, page), unassociatedClipsCount: total?.unassociated ?? 0 });
  });

  // Static segments win over `:id` in Fastify's router, so these two never reach the clip-by-id route.
  app.get('/api/v1/clips/unassociated', { preHandler: requireAuth(ctx) }, async (request) => {
    const page = parseInput(UnassociatedQuery, request.query, 'query');
    return ok(await clipPage(ctx, { kind: 'unassociated', viewerId: callerId(request.user) }, page));
  });

  app.get('/api/v1/clips/event/:eventId', { preHandler: requireAuth(ctx) }, async (request) => {
    const { eventId } = parseInput(EventParams, request.params, 'params');
    const { page, limit, allUsers } = parseInput(EventClipsQuery, request.query, 'query');
    const me = callerId(request.user);
    const event = await findEventView(ctx, eventId, me);
    if (!event) throw eventNotFound();
    // With allUsers, other users' clips come as SharedClipView: no tag, file name or size of theirs.
    const { clips, pagination: pages } = await clipPage(ctx, { kind: 'event', eventId, viewerId: me, allUsers }, { page, limit });
    return ok({ event, clips, pagination: pages });
  });

  // A clip is its owner's only: anyone else gets the same 404 as for a clip that does not exist.
  app.get('/api/v1/clips/:id', { preHandler: requireAuth(ctx) }, async (request) => {
    const { id } = parseInput(ClipParams, request.params, 'params');
    const clip = await findClipView(ctx, id, callerId(request.user));
    if (!clip) throw new ApiError(404, 'CLIP_NOT_FOUND', 'Clip not found');
    return ok(clip);
  });
}
