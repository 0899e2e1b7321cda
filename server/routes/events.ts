import type { FastifyInstance } from 'fastify';
import { DEFAULT_EVENT_LENGTH_MS } from '../../src/app/product';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import {
  clipPage,
  MAX_PAGE,
  maybeInteger,
  offsetOf,
  optionalBoolean,
  optionalInteger,
  pageEntries,
  pagination,
} from '../lib/clipViews';
import type { AppContext } from '../lib/context';
import { ApiError, ok } from '../lib/envelope';
import { distanceSql, EARTH_RADIUS_KM, EARTH_RADIUS_MILES } from '../lib/geo';
import {
  isoDateTime,
  jsonObject,
  latLng,
  optionalLatLng,
  optionalPositive,
  parseInput,
  queryText,
  requiredText,
  uuid,
} from '../lib/schema';

export const TEXT_SEARCH_LIMIT = 50;
/** Default radius of /events/search in miles: the app's nearby radius (NEARBY_RADIUS_MILES in the client). */
export const NEARBY_RADIUS_MILES = 25;
/** Default window of `timeFilter=upcoming` (docs/product/part-2.md §9). */
export const UPCOMING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The instants a JS Date can be sent to PostgreSQL as (it goes as `toISOString()`, and PostgreSQL reads neither
 * year 0000 nor +010000): 0001-01-01 … 9999-12-31 UTC, the range lib/schema.ts isoDateTime accepts.
 */
const FIRST_STORABLE_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant computed from a user-given one (e.g. `time` − 3 h), clamped into the storable range so that valid
 * input near either end is never a database error (500). Every stored instant lies in that range, so a bound
 * clamped to its end selects exactly the rows the unclamped bound would.
 */
export function storableInstant(ms: number): Date {
  return new Date(Math.min(Math.max(ms, FIRST_STORABLE_MS), LAST_STORABLE_MS));
}

export interface EventRow {
  id: string;
  name: string;
  sport: string;
  start_time: Date;
  end_time: Date | null;
  location_id: string;
  location_name: string;
  city: string;
  state: string;
  address: string;
  latitude: number;
  longitude: number;
  timezone: string;
  distance?: number;
  clip_count?: number;
  tag_count?: number;
}

export interface EventView {
  id: string;
  name: string;
  sport: string;
  startTime: string;
  endTime: string | null;
  locationId: string;
  timezone: string;
  location: {
    id: string;
    name: string;
    city: string;
    state: string;
    address: string;
    coordinates: { lat: number; lng: number };
    latitude: number;
    longitude: number;
  };
  /** Miles on /events/search, km on /events/text-search; only when searching near a point. */
  distance?: number;
  /** The caller's clips at the event (every listing of docs/product/part-2.md §3 carries them). */
  clipCount?: number;
  /** The caller's tags at the event. */
  tagCount?: number;
}

export const EVENT_COLUMNS = `e.id, e.name, e.sport, e.start_time, e.end_time, e.location_id,
  l.name AS location_name, l.city, l.state, l.address, l.latitude, l.longitude, l.timezone`;
export const EVENT_FROM = 'FROM events e JOIN locations l ON l.id = e.location_id';
export const EVENT_SELECT = `SELECT ${EVENT_COLUMNS} ${EVENT_FROM}`;

/**
 * Adds the caller's clip and tag counts (`userParam`, e.g. '$2') to the events of `inner`, a query of
 * EVENT_SELECT's columns that has already cut its page: the counts run only for the rows answered.
 * `order` repeats the inner order by output column names.
 */
export function withCallerCounts(inner: string, userParam: string, order: string): string {
  return `SELECT p.*,
      (SELECT count(*)::int FROM clips c WHERE c.user_id = ${userParam} AND c.event_id = p.id) AS clip_count,
      (SELECT count(*)::int FROM tags t WHERE t.user_id = ${userParam} AND t.event_id = p.id) AS tag_count
    FROM (${inner}) p ORDER BY ${order}`;
}

export function toEventView(row: EventRow): EventView {
  const view: EventView = {
    id: row.id,
    name: row.name,
    sport: row.sport,
    startTime: row.start_time.toISOString(),
    endTime: row.end_time ? row.end_time.toISOString() : null,
    locationId: row.location_id,
    timezone: row.timezone,
    location: {
      id: row.location_id,
      name: row.location_name || 'Location TBD',
      city: row.city || 'TBD',
      state: row.state || 'TBD',
      address: row.address,
      coordinates: { lat: row.latitude, lng: row.longitude },
      latitude: row.latitude,
      longitude: row.longitude,
    },
  };
  if (typeof row.distance === 'number') view.distance = Math.round(row.distance * 10) / 10;
  if (typeof row.clip_count === 'number') view.clipCount = row.clip_count;
  if (typeof row.tag_count === 'number') view.tagCount = row.tag_count;
  return view;
}

/** An event with the caller's counts; null when there is no such event. */
export async function findEventView(ctx: AppContext, id: string, userId: string): Promise<EventView | null> {
  const r = await ctx.db.query<EventRow>(withCallerCounts(`${EVENT_SELECT} WHERE e.id = $1`, '$2', 'id'), [id, userId]);
  const row = r.rows[0];
  return row ? toEventView(row) : null;
}

export function eventNotFound(): ApiError {
  return new ApiError(404, 'EVENT_NOT_FOUND', 'Event not found');
}

/** An optional end time: absent, null or '' mean "open-ended". */
const optionalEnd = v.pipe(
  v.nullish(v.string('must be a string')),
  v.transform((s) => (s ? s : null)),
  v.nullable(isoDateTime),
);

/** Body of POST /events (docs/product/part-1.md §3 "Event payload on creation"). */
const NewEvent = v.pipe(
  jsonObject({
    name: requiredText(200),
    sport: requiredText(100),
    startTime: isoDateTime,
    endTime: optionalEnd,
    locationId: requiredText(100),
  }),
  v.forward(
    v.partialCheck(
      [['startTime'], ['endTime']],
      (e) => !e.endTime || !e.startTime || e.endTime.getTime() >= e.startTime.getTime(),
      'must not be before startTime',
    ),
    ['endTime'],
  ),
);

const EventParams = v.object({ id: uuid });

/** An optional ISO date-time in the query; absent or blank → null. */
const optionalInstant = v.optional(
  v.pipe(
    v.string('must be an ISO 8601 date-time'),
    v.trim(),
    v.transform((s) => (s === '' ? null : s)),
    v.nullable(isoDateTime),
  ),
  '',
);

/** Query of GET /events/text-search: radius in km (max: half the Earth's circumference). */
const EventSearch = v.object({
  q: queryText(200),
  near: optionalLatLng,
  // An absent key is given as '' so that the default applies: valibot's object skips an absent key whose
  // schema (a pipe starting with `optional`) has no default of its own.
  radius: optionalPositive(20_100, 50),
});

/** Query of GET /events (docs/product/part-2.md §7): the time filter picks the default limit. */
const EventList = v.object({
  timeFilter: v.optional(
    v.pipe(
      v.string('must be recent, current or upcoming'),
      v.trim(),
      v.transform((s) => (s === '' ? undefined : s)),
      v.optional(v.picklist(['recent', 'current', 'upcoming'], 'must be recent, current or upcoming')),
    ),
  ),
  userAssociated: optionalBoolean,
  page: optionalInteger(1, MAX_PAGE, 1),
  limit: maybeInteger(1, 1000),
  days: optionalInteger(1, 60, UPCOMING_DAYS),
  /** Words in the event's name, sport or venue (case-insensitive); blank: no filter. */
  q: queryText(200),
});
type TimeFilter = v.InferOutput<typeof EventList>['timeFilter'];

/** Query of GET /events/search: `near` required, radius in miles (default: the app's nearby radius). */
const EventNearSearch = v.object({
  near: latLng,
  radius: optionalPositive(12_500, NEARBY_RADIUS_MILES),
  time: optionalInstant,
  limit: optionalInteger(1, 200, 100),
});

/** Query of GET /events/{id}/clips: the caller's own clips only (docs/product/part-2.md §6). */
const EventClipsQuery = v.object({
  ...pageEntries(100, 12),
  userId: v.optional(uuid),
  // The app sends showAll=true; no clip is ever hidden, so it changes nothing.
  showAll: optionalBoolean,
});

/** Numbered SQL parameters, added as they are used (PostgreSQL refuses a parameter no clause uses). */
class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** WHERE and ORDER BY of GET /events for a time filter (docs/product/part-2.md §4, §9). */
function timeFilterSql(filter: TimeFilter, p: SqlParams, nowMs: number, days: number): { where: string; order: string } {
  switch (filter) {
    case 'recent':
      return { where: `e.start_time <= ${p.add(new Date(nowMs))}`, order: 'start_time DESC, name, id' };
    case 'current': {
      // Live: started, and not over; without an end it is over 3 h after its start.
      const now = p.add(new Date(nowMs));
      const openEndedSince = p.add(new Date(nowMs - DEFAULT_EVENT_LENGTH_MS));
      return {
        where: `e.start_time <= ${now} AND (e.end_time >= ${now} OR (e.end_time IS NULL AND e.start_time >= ${openEndedSince}))`,
        order: 'start_time, name, id',
      };
    }
    case 'upcoming':
      return {
        where: `e.start_time > ${p.add(new Date(nowMs))} AND e.start_time <= ${p.add(new Date(nowMs + days * DAY_MS))}`,
        order: 'start_time, name, id',
      };
    default:
      return { where: 'true', order: 'start_time DESC, name, id' };
  }
}

/** The signed-in caller's id (every route here runs after requireAuth). */
export function callerId(user: { id: string } | null): string {
  if (!user) throw new ApiError(401, 'INVALID_TOKEN', 'No authentication token provided');
  return user.id;
}

export function registerEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/events', { preHandler: requireAuth(ctx, { admin: true }) }, async (request, reply) => {
    const { name, sport, startTime, endTime, locationId } = parseInput(
      NewEvent,
      request.body,
      'body',
      'Please fill in all required fields',
    );
    const loc = await ctx.db.query('SELECT 1 FROM locations WHERE id = $1', [locationId]);
    if (loc.rows.length === 0) throw new ApiError(404, 'LOCATION_NOT_FOUND', 'Location not found', { locationId });
    const inserted = await ctx.db.query<{ id: string }>(
      `INSERT INTO events (name, sport, start_time, end_time, location_id, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [name, sport, startTime, endTime, locationId, request.user?.id ?? null],
    );
    const id = inserted.rows[0]?.id;
    const r = await ctx.db.query<EventRow>(`${EVENT_SELECT} WHERE e.id = $1`, [id]);
    const row = r.rows[0];
    if (!row) throw new Error('event not found after insert');
    return reply.code(201).send(ok(toEventView(row)));
  });

  // Events are shared reference data (docs/product/part-2.md §7 lists all events for every user): any signed-in user
  // may read any event.
  app.get('/api/v1/events/:id', { preHandler: requireAuth(ctx) }, async (request) => {
    const { id } = parseInput(EventParams, request.params, 'params');
    const event = await findEventView(ctx, id, callerId(request.user));
    if (!event) throw eventNotFound();
    return ok(event);
  });

  // All events, or recent / live / upcoming ones (docs/product/part-2.md §7); `userAssociated=true` keeps the
  // events where the caller has a clip or a tag, `q` those whose name, sport or venue holds the words.
  app.get('/api/v1/events', { preHandler: requireAuth(ctx) }, async (request) => {
    const query = parseInput(EventList, request.query, 'query');
    const page = { page: query.page, limit: query.limit ?? (query.timeFilter === 'recent' ? 20 : 200) };
    const me = callerId(request.user);
    const nowMs = ctx.now();
    /** The filter's WHERE and ORDER BY, numbering its parameters in `p`. */
    const filter = (p: SqlParams): { where: string; order: string } => {
      const { where, order } = timeFilterSql(query.timeFilter, p, nowMs, query.days);
      const clauses = [`(${where})`];
      if (query.q !== '') {
        const q = p.add(query.q);
        clauses.push(`(position(lower(${q}) IN lower(e.name)) > 0 OR position(lower(${q}) IN lower(e.sport)) > 0
          OR EXISTS (SELECT 1 FROM locations ql WHERE ql.id = e.location_id
            AND (position(lower(${q}) IN lower(ql.name)) > 0 OR position(lower(${q}) IN lower(ql.city)) > 0)))`);
      }
      if (query.userAssociated) {
        const user = p.add(me);
        clauses.push(`(EXISTS (SELECT 1 FROM clips c WHERE c.user_id = ${user} AND c.event_id = e.id)
          OR EXISTS (SELECT 1 FROM tags t WHERE t.user_id = ${user} AND t.event_id = e.id))`);
      }
      return { where: clauses.join(' AND '), order };
    };
    // The count needs no location: every event has one (NOT NULL foreign key).
    const countParams = new SqlParams();
    const counted = filter(countParams);
    const rowParams = new SqlParams();
    const { where, order } = filter(rowParams);
    const inner = `${EVENT_SELECT} WHERE ${where} ORDER BY ${order}
      LIMIT ${rowParams.add(page.limit)} OFFSET ${rowParams.add(offsetOf(page))}`;
    const [rows, count] = await Promise.all([
      ctx.db.query<EventRow>(withCallerCounts(inner, rowParams.add(me), order), rowParams.values),
      ctx.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM events e WHERE ${counted.where}`, countParams.values),
    ]);
    return { ...ok(rows.rows.map(toEventView)), pagination: pagination(count.rows[0]?.total ?? 0, page) };
  });

  // Events near a point, within `radius` miles, nearest first; with `time`, only those not over by then.
  app.get('/api/v1/events/search', { preHandler: requireAuth(ctx) }, async (request) => {
    const { near, radius, time, limit } = parseInput(EventNearSearch, request.query, 'query');
    const p = new SqlParams();
    const distance = distanceSql(p.add(near.lat), p.add(near.lng), EARTH_RADIUS_MILES, 'l.latitude', 'l.longitude');
    let notOver = '';
    if (time) {
      const at = p.add(time);
      // `time` − 3 h leaves the storable range for a `time` in the first 3 h of 0001-01-01: clamped, not a 500.
      const openEndedSince = p.add(storableInstant(time.getTime() - DEFAULT_EVENT_LENGTH_MS));
      notOver = `WHERE e.end_time >= ${at} OR (e.end_time IS NULL AND e.start_time >= ${openEndedSince})`;
    }
    const order = 'distance, start_time, name, id';
    const inner = `SELECT * FROM (SELECT ${EVENT_COLUMNS}, ${distance} AS distance ${EVENT_FROM} ${notOver}) x
      WHERE distance <= ${p.add(radius)} ORDER BY ${order} LIMIT ${p.add(limit)}`;
    const r = await ctx.db.query<EventRow>(withCallerCounts(inner, p.add(callerId(request.user)), order), p.values);
    return ok(r.rows.map(toEventView));
  });

  app.get('/api/v1/events/:id/clips', { preHandler: requireAuth(ctx) }, async (request) => {
    const { id } = parseInput(EventParams, request.params, 'params');
    const { page, limit, userId } = parseInput(EventClipsQuery, request.query, 'query');
    const me = callerId(request.user);
    if (userId !== undefined && userId.toLowerCase() !== me.toLowerCase()) {
      throw new ApiError(403, 'FORBIDDEN', 'You can only list your own clips', { userId });
    }
    const exists = await ctx.db.query('SELECT 1 FROM events WHERE id = $1', [id]);
    if (exists.rows.length === 0) throw eventNotFound();
    return ok(await clipPage(ctx, { kind: 'event', eventId: id, viewerId: me, allUsers: false }, { page, limit }));
  });

  app.get('/api/v1/events/text-search', { preHandler: requireAuth(ctx) }, async (request) => {
    const { q, near, radius } = parseInput(EventSearch, request.query, 'query');

    const now = new Date(ctx.now());
    const openEndedSince = new Date(now.getTime() - DEFAULT_EVENT_LENGTH_MS);
    const params: unknown[] = [q, now, openEndedSince];
    const match = `($1 = '' OR position(lower($1) IN lower(e.name)) > 0 OR position(lower($1) IN lower(e.sport)) > 0
        OR position(lower($1) IN lower(l.name)) > 0 OR position(lower($1) IN lower(l.city)) > 0)`;
    let distanceCol = '';
    let distanceWhere = '';
    if (near) {
      params.push(near.lat, near.lng, radius);
      distanceCol = `, ${distanceSql('$4', '$5', EARTH_RADIUS_KM, 'l.latitude', 'l.longitude')} AS distance`;
      distanceWhere = 'WHERE distance <= $6';
    }
    const sql = `SELECT * FROM (
          SELECT x.*, CASE
              WHEN x.start_time <= $2 AND (x.end_time >= $2 OR (x.end_time IS NULL AND x.start_time >= $3)) THEN 0
              WHEN x.start_time > $2 THEN 1 ELSE 2 END AS bucket
          FROM (${EVENT_SELECT.replace('FROM events e', `${distanceCol} FROM events e`)} WHERE ${match}) x
        ) y ${distanceWhere}
        ORDER BY bucket,
          CASE WHEN bucket = 1 THEN start_time END ASC,
          CASE WHEN bucket <> 1 THEN start_time END DESC,
          name, id
        LIMIT ${TEXT_SEARCH_LIMIT}`;
    const r = await ctx.db.query<EventRow>(sql, params);
    return ok(r.rows.map(toEventView));
  });
}
