import { DEFAULT_TAG_TYPE } from '../../src/app/product';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import {
  CLIP_VIEW_FROM,
  clipViewFor,
  matchedTagSql,
  MAX_PAGE,
  offsetOf,
  optionalInteger,
  pageEntries,
  pagination,
  type ClipView,
  type ClipViewRow,
  type Pagination,
  type SharedClipView,
} from '../lib/clipViews';
import type { AppContext } from '../lib/context';
import { ApiError, ok } from '../lib/envelope';
import { idempotencyKey } from '../lib/idempotencyKey';
import { assertAllowed, createRateLimiter } from '../lib/rateLimit';
import { finiteNumber, isoDateTime, jsonObject, parseInput, text, uuid } from '../lib/schema';
import { matchConditionSql, offsetSeconds } from '../lib/tagMatching';
import {
  callerId,
  EVENT_COLUMNS,
  eventNotFound,
  findEventView,
  toEventView,
  withCallerCounts,
  type EventRow,
  type EventView,
} from './events';

/**
 * Tags (docs/product/part-2.md §2 Tag Moments, All My Tags, My Tagged Events, Event tags; §3 Tag; §7; §9): a tag
 * is its author's only (§6). Each tag comes with the clips that match it (lib/tagMatching.ts): the author's own
 * clips at the tag's event, or — on the highlight calls (`/tags/clips`, `/tags/event`) — every user's clips there,
 * other users' in the shared view. A page's tags are read in one query and all their clips in one more.
 */

/** A tag may be this far ahead of the server clock (a client clock running fast), no further. */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/**
 * Tags one user may make a minute: a tap every half second for a minute is past any game, and a phone's kept taps
 * sent together after a dead zone fit (the app keeps what is refused and sends it again: 429 is "not now").
 */
export const TAGS_PER_MINUTE = 120;
/**
 * An event's tags with their clips (GET /tags/clips/{eventId}, /tags/event/{eventId}) one user may ask for a minute.
 * Each answer carries up to MAX_CLIP_ENTRIES clips, built on the one thread every user's requests share; Highlight
 * creation asks once and then a page per 50 tags scrolled, far below this, while one account asking in a loop took
 * half the server from everyone else (npm run bench:load).
 */
export const TAG_LISTINGS_PER_MINUTE = 60;
/**
 * Clip entries one answer carries at the most, over all its tags: past it, later tags list fewer clips (each says
 * its `total`). Without it a page of 500 tags × 500 clips could be 250 000 entries, built while others wait.
 */
export const MAX_CLIP_ENTRIES = 2_000;
/** No tag before this instant (a client clock reset to 1970 is a bug, not a moment). */
export const EARLIEST_TAG = new Date('2000-01-01T00:00:00.000Z');
/** Matching clips per tag on GET /tags (All My Tags). */
export const MY_TAGS_CLIP_LIMIT = 20;
/** Largest `offset` of GET /tags: past this a listing is being scraped. */
const MAX_OFFSET = 100_000_000;

// ---------- input ----------

const NewTag = jsonObject({
  timestamp: isoDateTime,
  eventId: uuid,
  location: v.nullish(
    jsonObject({
      latitude: finiteNumber(-90, 90),
      longitude: finiteNumber(-180, 180),
    }),
  ),
  metadata: v.nullish(
    jsonObject({
      description: v.nullish(text(500)),
      type: v.nullish(text(50)),
    }),
  ),
});

const MyTagsQuery = v.object({
  limit: optionalInteger(1, 100, 20),
  offset: optionalInteger(0, MAX_OFFSET, 0),
});
const TaggedEventsQuery = v.object(pageEntries(100, 20));
const EventParams = v.object({ eventId: uuid });
const eventTagsQuery = (defaultLimit: number, defaultClipLimit: number) =>
  v.object({
    page: optionalInteger(1, MAX_PAGE, 1),
    limit: optionalInteger(1, 500, defaultLimit),
    clipLimit: optionalInteger(1, 500, defaultClipLimit),
  });
/** GET /tags/clips/{eventId}: the Event tags screen (limit=250) and the highlight screen (page, limit, clipLimit). */
const TagClipsQuery = eventTagsQuery(250, 50);
/** GET /tags/event/{eventId}: the highlight screen's first load (page=1&limit=200&clipLimit=300). */
const TagEventQuery = eventTagsQuery(200, 300);

// ---------- shapes ----------

interface TagRow {
  id: string;
  user_id: string;
  event_id: string;
  tagged_at: Date;
  type: string;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** A clip under a tag: the clip as the caller may see it, and where the tag falls in it (seconds from its start). */
export type TagClip = (ClipView | SharedClipView) & { offsetSeconds: number };

export interface TagView {
  id: string;
  timestamp: string;
  event: Pick<EventView, 'id' | 'name' | 'sport' | 'startTime' | 'timezone' | 'location'>;
  metadata: { type: string; description: string | null };
  clips: TagClips;
}

/** The answer of POST /tags. */
export interface CreatedTag {
  id: string;
  timestamp: string;
  eventId: string;
  metadata: { type: string; description?: string };
  location?: { latitude: number; longitude: number };
}

export interface OffsetPagination {
  total: number;
  hasMore: boolean;
  offset: number;
  limit: number;
}

function createdTag(row: TagRow): CreatedTag {
  const tag: CreatedTag = {
    id: row.id,
    timestamp: row.tagged_at.toISOString(),
    eventId: row.event_id,
    metadata: { type: row.type },
  };
  if (row.description) tag.metadata.description = row.description;
  if (row.latitude !== null && row.longitude !== null) tag.location = { latitude: row.latitude, longitude: row.longitude };
  return tag;
}

/** The stored tag says the same as the new request (an Idempotency-Key retry), field by field. */
function sameTag(row: TagRow, input: StoredTagInput): boolean {
  return (
    row.event_id.toLowerCase() === input.eventId.toLowerCase() &&
    row.tagged_at.getTime() === input.taggedAt.getTime() &&
    row.type === input.type &&
    row.description === input.description &&
    row.latitude === input.latitude &&
    row.longitude === input.longitude
  );
}

interface StoredTagInput {
  eventId: string;
  taggedAt: Date;
  type: string;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
}

const TAG_COLUMNS = 'id, user_id, event_id, tagged_at, type, description, latitude, longitude';
/** A tag with its event's columns (the tag's own columns renamed: the event's `id`, `latitude`… keep theirs). */
const TAG_EVENT_SELECT = `SELECT t.id AS tag_id, t.tagged_at, t.type AS tag_type, t.description AS tag_description,
  ${EVENT_COLUMNS} FROM tags t JOIN events e ON e.id = t.event_id JOIN locations l ON l.id = e.location_id`;

type TagEventRow = EventRow & { tag_id: string; tagged_at: Date; tag_type: string; tag_description: string | null };

/** A clip row matched to one tag (`match_tag_id`). */
type MatchRow = ClipViewRow & { match_tag_id: string; match_tagged_at: Date; match_total: number };

/** A tag's clips: those this answer carries, and how many match in all. */
interface TagClips {
  items: TagClip[];
  total: number;
}

/**
 * The clips matching each of `tags` (one query): at the tag's event, the tag author's own clips or, with
 * `allUsers`, every visible user's; per tag at most `clipLimit`, recording time ascending; MAX_CLIP_ENTRIES in all,
 * the page's first tags first.
 */
async function matchingClips(
  ctx: AppContext,
  tagIds: string[],
  opts: { allUsers: boolean; clipLimit: number; viewerId: string },
): Promise<Map<string, TagClips>> {
  const byTag = new Map<string, TagClips>(tagIds.map((id) => [id, { items: [], total: 0 }]));
  if (tagIds.length === 0) return byTag;
  const owner = opts.allUsers ? '' : 'AND c.user_id = t.user_id';
  const r = await ctx.db.query<MatchRow>(
    `SELECT * FROM (
        SELECT c.*, u.email AS user_email, ${matchedTagSql('c')} AS tag, t.id AS match_tag_id, t.tagged_at AS match_tagged_at,
          row_number() OVER (PARTITION BY t.id ORDER BY c.recorded_at, c.id) AS match_rank,
          count(*) OVER (PARTITION BY t.id)::int AS match_total
        ${CLIP_VIEW_FROM}
        JOIN tags t ON t.event_id = c.event_id ${owner}
          AND ${matchConditionSql('t.tagged_at', 'c.recorded_at', 'c.duration')}
        WHERE t.id = ANY($1::uuid[])
      ) m
      WHERE m.match_rank <= $2
      ORDER BY array_position($1::uuid[], m.match_tag_id), m.recorded_at, m.id
      LIMIT $3`,
    [tagIds, opts.clipLimit, MAX_CLIP_ENTRIES],
  );
  for (const row of r.rows) {
    const clip: TagClip = {
      ...clipViewFor(ctx, row, opts.viewerId),
      offsetSeconds: offsetSeconds(row.match_tagged_at.getTime(), row.recorded_at.getTime()),
    };
    const entry = byTag.get(row.match_tag_id);
    if (!entry) continue;
    entry.items.push(clip);
    entry.total = row.match_total;
  }
  if (r.rows.length === MAX_CLIP_ENTRIES) {
    // Cut short: the tags past the cut still say how many clips match them.
    const counts = await ctx.db.query<{ tag_id: string; total: number }>(
      `SELECT t.id AS tag_id, count(*)::int AS total
       ${CLIP_VIEW_FROM}
       JOIN tags t ON t.event_id = c.event_id ${owner} AND ${matchConditionSql('t.tagged_at', 'c.recorded_at', 'c.duration')}
       WHERE t.id = ANY($1::uuid[]) GROUP BY t.id`,
      [tagIds],
    );
    for (const { tag_id, total } of counts.rows) {
      const entry = byTag.get(tag_id);
      if (entry) entry.total = total;
    }
  }
  return byTag;
}

/** Tag rows (with their event's columns) and their matching clips as TagViews. */
async function tagViews(
  ctx: AppContext,
  rows: TagEventRow[],
  opts: { allUsers: boolean; clipLimit: number; viewerId: string },
): Promise<TagView[]> {
  const clips = await matchingClips(
    ctx,
    rows.map((row) => row.tag_id),
    opts,
  );
  return rows.map((row) => {
    const event = toEventView(row);
    return {
      id: row.tag_id,
      timestamp: row.tagged_at.toISOString(),
      event: {
        id: event.id,
        name: event.name,
        sport: event.sport,
        startTime: event.startTime,
        timezone: event.timezone,
        location: event.location,
      },
      metadata: { type: row.tag_type, description: row.tag_description },
      clips: clips.get(row.tag_id) ?? { items: [], total: 0 },
    };
  });
}

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext): void {
  // TAG NOW: a retried tap (the same Idempotency-Key) answers the tag the first one made.
  const tagLimiter = createRateLimiter({ limit: TAGS_PER_MINUTE, windowMs: 60_000, now: ctx.now });
  const limitTags = async (request: FastifyRequest): Promise<void> => {
    assertAllowed(tagLimiter.hit(callerId(request.user)), 'Too many tags at once; try again in a moment');
  };

  app.post('/api/v1/tags', { preHandler: [requireAuth(ctx), limitTags] }, async (request, reply) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    const body = parseInput(NewTag, request.body, 'body', 'Invalid tag');
    const nowMs = ctx.now();
    const taggedAt = body.timestamp;
    if (taggedAt.getTime() > nowMs + MAX_FUTURE_MS) {
      throw new ApiError(400, 'INVALID_INPUT', 'Invalid tag', { 'body.timestamp': 'must not be more than 24 hours ahead' });
    }
    if (taggedAt.getTime() < EARLIEST_TAG.getTime()) {
      throw new ApiError(400, 'INVALID_INPUT', 'Invalid tag', { 'body.timestamp': 'must not be before the year 2000' });
    }
    const me = callerId(request.user);
    const input: StoredTagInput = {
      eventId: body.eventId,
      taggedAt,
      type: body.metadata?.type || DEFAULT_TAG_TYPE,
      description: body.metadata?.description || null,
      latitude: body.location?.latitude ?? null,
      longitude: body.location?.longitude ?? null,
    };

    const existing = async (): Promise<TagRow | undefined> => {
      if (key === null) return undefined;
      const r = await ctx.db.query<TagRow>(`SELECT ${TAG_COLUMNS} FROM tags WHERE user_id = $1 AND idempotency_key = $2`, [
        me,
        key,
      ]);
      return r.rows[0];
    };
    const answerExisting = (row: TagRow) => {
      if (!sameTag(row, input)) {
        throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different tag');
      }
      return reply.code(200).send(ok(createdTag(row)));
    };

    const before = await existing();
    if (before) return answerExisting(before);
    const event = await ctx.db.query('SELECT 1 FROM events WHERE id = $1', [input.eventId]);
    if (event.rows.length === 0) throw eventNotFound();
    // A concurrent double submit: the unique index lets one insert through; the other inserts nothing and
    // answers the row the first one made.
    const inserted = await ctx.db.query<TagRow>(
      `INSERT INTO tags (user_id, event_id, tagged_at, type, description, latitude, longitude, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING ${TAG_COLUMNS}`,
      [me, input.eventId, input.taggedAt, input.type, input.description, input.latitude, input.longitude, key],
    );
    const row = inserted.rows[0];
    if (row) return reply.code(201).send(ok(createdTag(row)));
    const winner = await existing();
    if (!winner) throw new Error('idempotent tag insert conflicted but no tag was found');
    return answerExisting(winner);
  });

  // All My Tags: the caller's tags newest first, with their event and their own matching clips.
  app.get('/api/v1/tags', { preHandler: requireAuth(ctx) }, async (request) => {
    const { limit, offset } = parseInput(MyTagsQuery, request.query, 'query');
    const me = callerId(request.user);
    const [rows, count] = await Promise.all([
      ctx.db.query<TagEventRow>(
        `${TAG_EVENT_SELECT} WHERE t.user_id = $1 ORDER BY t.tagged_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
        [me, limit, offset],
      ),
      ctx.db.query<{ total: number }>('SELECT count(*)::int AS total FROM tags WHERE user_id = $1', [me]),
    ]);
    const total = count.rows[0]?.total ?? 0;
    const tags = await tagViews(ctx, rows.rows, { allUsers: false, clipLimit: MY_TAGS_CLIP_LIMIT, viewerId: me });
    const pages: OffsetPagination = { total, hasMore: offset + limit < total, offset, limit };
    return { ...ok(tags), pagination: pages };
  });

  // My Tagged Events: events the caller tagged, with their tag counts, the newest tag first.
  app.get('/api/v1/tags/events', { preHandler: requireAuth(ctx) }, async (request) => {
    const page = parseInput(TaggedEventsQuery, request.query, 'query');
    const me = callerId(request.user);
    const order = 'latest_tag_at DESC, id';
    const inner = `SELECT ${EVENT_COLUMNS}, mine.latest_tag_at
      FROM (SELECT event_id, max(tagged_at) AS latest_tag_at FROM tags WHERE user_id = $1 GROUP BY event_id) mine
      JOIN events e ON e.id = mine.event_id JOIN locations l ON l.id = e.location_id
      ORDER BY mine.latest_tag_at DESC, e.id LIMIT $2 OFFSET $3`;
    const [rows, count] = await Promise.all([
      ctx.db.query<EventRow & { latest_tag_at: Date }>(withCallerCounts(inner, '$1', order), [me, page.limit, offsetOf(page)]),
      ctx.db.query<{ total: number }>('SELECT count(DISTINCT event_id)::int AS total FROM tags WHERE user_id = $1', [me]),
    ]);
    const events = rows.rows.map((row) => ({
      ...toEventView(row),
      tagCount: row.tag_count ?? 0,
      latestTagAt: row.latest_tag_at.toISOString(),
    }));
    return ok({ events, pagination: pagination(count.rows[0]?.total ?? 0, page) });
  });

  /** The caller's tags at an event, oldest first, each with every user's matching clips there. */
  const eventTags = async (
    eventId: string,
    me: string,
    query: { page: number; limit: number; clipLimit: number },
  ): Promise<{ event: EventView; tags: TagView[]; pagination: Pagination }> => {
    const event = await findEventView(ctx, eventId, me);
    if (!event) throw eventNotFound();
    const page = { page: query.page, limit: query.limit };
    const [rows, count] = await Promise.all([
      ctx.db.query<TagEventRow>(
        `${TAG_EVENT_SELECT} WHERE t.user_id = $1 AND t.event_id = $2 ORDER BY t.tagged_at, t.id LIMIT $3 OFFSET $4`,
        [me, eventId, page.limit, offsetOf(page)],
      ),
      ctx.db.query<{ total: number }>('SELECT count(*)::int AS total FROM tags WHERE user_id = $1 AND event_id = $2', [
        me,
        eventId,
      ]),
    ]);
    const tags = await tagViews(ctx, rows.rows, { allUsers: true, clipLimit: query.clipLimit, viewerId: me });
    return { event, tags, pagination: pagination(count.rows[0]?.total ?? 0, page) };
  };

  const listingLimiter = createRateLimiter({ limit: TAG_LISTINGS_PER_MINUTE, windowMs: 60_000, now: ctx.now });
  const assertListingAllowed = (userId: string): void =>
    assertAllowed(listingLimiter.hit(userId), 'Too many tag listings at once; try again in a moment');

  app.get('/api/v1/tags/clips/:eventId', { preHandler: requireAuth(ctx) }, async (request) => {
    const { eventId } = parseInput(EventParams, request.params, 'params');
    const query = parseInput(TagClipsQuery, request.query, 'query');
    const me = callerId(request.user);
    assertListingAllowed(me);
    return ok(await eventTags(eventId, me, query));
  });

  app.get('/api/v1/tags/event/:eventId', { preHandler: requireAuth(ctx) }, async (request) => {
    const { eventId } = parseInput(EventParams, request.params, 'params');
    const query = parseInput(TagEventQuery, request.query, 'query');
    const me = callerId(request.user);
    assertListingAllowed(me);
    return ok(await eventTags(eventId, me, query));
  });
}
