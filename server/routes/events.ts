import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { ApiError, ok } from '../lib/envelope';
import { distanceSql, EARTH_RADIUS_KM } from '../lib/geo';
import {
  isoDateTime,
  jsonObject,
  optionalLatLng,
  optionalPositive,
  parseInput,
  queryText,
  requiredText,
  uuid,
} from '../lib/schema';

/** An event without an end time counts as live for this long after its start. */
export const OPEN_ENDED_LIVE_MS = 3 * 60 * 60 * 1000;
export const TEXT_SEARCH_LIMIT = 50;

interface EventRow {
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
  distance?: number;
}

export const EVENT_SELECT = `SELECT e.id, e.name, e.sport, e.start_time, e.end_time, e.location_id,
  l.name AS location_name, l.city, l.state, l.address, l.latitude, l.longitude, l.timezone
  FROM events e JOIN locations l ON l.id = e.location_id`;

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
  return view;
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

/** Query of GET /events/text-search: radius in km (max: half the Earth's circumference). */
const EventSearch = v.object({
  q: queryText(200),
  near: optionalLatLng,
  radius: optionalPositive(20_100, 50),
});

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
    const r = await ctx.db.query<EventRow>(`${EVENT_SELECT} WHERE e.id = $1`, [id]);
    const row = r.rows[0];
    if (!row) throw new ApiError(404, 'EVENT_NOT_FOUND', 'Event not found');
    return ok(toEventView(row));
  });

  app.get('/api/v1/events/text-search', { preHandler: requireAuth(ctx) }, async (request) => {
    const { q, near, radius } = parseInput(EventSearch, request.query, 'query');

    const now = new Date(ctx.now());
    const openEndedSince = new Date(now.getTime() - OPEN_ENDED_LIVE_MS);
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
              WHEN x.start_time <= $2 AND (x.end_time >= $2 OR (x.end_time IS NULL AND x.start_time > $3)) THEN 0
              WHEN x.start_time > $2 THEN 1 ELSE 2 END AS bucket
          FROM (${EVENT_SELECT.replace('FROM events e', `${distanceCol} FROM events e`)} WHERE ${match}) x
        ) y ${distanceWhere}
        ORDER BY bucket,
          CASE WHEN bucket = 1 THEN start_time END ASC,
          CASE WHEN bucket <> 1 THEN start_time END DESC,
          name
        LIMIT ${TEXT_SEARCH_LIMIT}`;
    const r = await ctx.db.query<EventRow>(sql, params);
    return ok(r.rows.map(toEventView));
  });
}
