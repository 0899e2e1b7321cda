import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { ok } from '../lib/envelope';
import { distanceSql, EARTH_RADIUS_MILES } from '../lib/geo';
import { finiteNumber, jsonObject, optionalLatLng, optionalPositive, parseInput, queryText, text } from '../lib/schema';
import { timezoneAt, type Venue } from '../lib/venues';

export interface LocationRow {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  timezone: string;
  distance?: number;
}

function toLocation(row: LocationRow): LocationRow {
  const out: LocationRow = {
    id: row.id,
    name: row.name,
    timezone: row.timezone || timezoneAt(row.latitude, row.longitude),
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: row.latitude,
    longitude: row.longitude,
  };
  if (typeof row.distance === 'number') out.distance = Math.round(row.distance * 10) / 10;
  return out;
}

/** Makes sure every venue of venues.json exists as a location (admin edits are kept). One statement. */
export async function seedVenues(ctx: AppContext, venues: Venue[]): Promise<void> {
  if (venues.length === 0) return;
  // Venues given as options (not read through toVenue) may lack their zone too.
  const rows = venues.map((v) => ({ ...v, timezone: v.timezone || timezoneAt(v.latitude, v.longitude) }));
  await ctx.db.query(
    `INSERT INTO locations (id, name, address, city, state, zip, latitude, longitude, timezone, sport)
     SELECT id, name, address, city, state, zip, latitude, longitude, timezone, sport
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, name text, address text, city text, state text, zip text,
       latitude double precision, longitude double precision, timezone text, sport text)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** Body of POST /locations: only the coordinates are required (docs/product/part-1.md §3: name defaults). */
const NewLocation = jsonObject({
  name: v.nullish(text(200), ''),
  address: v.nullish(text(300), ''),
  city: v.nullish(text(100), ''),
  state: v.nullish(text(100), ''),
  zip: v.nullish(text(20), ''),
  latitude: finiteNumber(-90, 90),
  longitude: finiteNumber(-180, 180),
});

/** Query of GET /locations/search: radius in miles. */
const LocationSearch = v.object({
  q: queryText(200),
  near: optionalLatLng,
  // An absent key is given as '' so that the default applies: valibot's object skips an absent key whose
  // schema (a pipe starting with `optional`) has no default of its own.
  radius: optionalPositive(12_500, 50),
});

const SELECT = 'SELECT id, name, address, city, state, zip, latitude, longitude, timezone';

export function registerLocationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/locations', { preHandler: requireAuth(ctx, { admin: true }) }, async (request, reply) => {
    const body = parseInput(NewLocation, request.body, 'body');
    const { address, city, state, zip, latitude, longitude } = body;
    const name = body.name || 'Unnamed Location';
    const r = await ctx.db.query<LocationRow>(
      `INSERT INTO locations (id, name, address, city, state, zip, latitude, longitude, timezone, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING id, name, address, city, state, zip, latitude, longitude, timezone`,
      [
        randomUUID(),
        name,
        address,
        city,
        state,
        zip,
        latitude,
        longitude,
        timezoneAt(latitude, longitude),
        request.user?.id ?? null,
      ],
    );
    const row = r.rows[0];
    if (!row) throw new Error('insert returned no row');
    return reply.code(201).send(ok(toLocation(row)));
  });

  // Locations are shared reference data: every signed-in user may search all of them.
  app.get('/api/v1/locations/search', { preHandler: requireAuth(ctx) }, async (request) => {
    const { q, near, radius } = parseInput(LocationSearch, request.query, 'query');
    const params: unknown[] = [q];
    const match = `($1 = '' OR position(lower($1) IN lower(name)) > 0 OR position(lower($1) IN lower(city)) > 0
        OR position(lower($1) IN lower(address)) > 0)`;
    let sql: string;
    if (near) {
      params.push(near.lat, near.lng, radius);
      sql = `SELECT * FROM (${SELECT}, ${distanceSql('$2', '$3', EARTH_RADIUS_MILES)} AS distance FROM locations WHERE ${match}) l
               WHERE distance <= $4 ORDER BY distance, name LIMIT 20`;
    } else {
      sql = `${SELECT} FROM locations WHERE ${match}
               ORDER BY (CASE WHEN starts_with(lower(name), lower($1)) THEN 0 ELSE 1 END), name LIMIT 20`;
    }
    const r = await ctx.db.query<LocationRow>(sql, params);
    return ok(r.rows.map(toLocation));
  });
}
