import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../lib/context';
import { ApiError, invalidInput, ok } from '../lib/envelope';
import { optionalLatLng, parseInput, queryText, requiredText } from '../lib/schema';
import type { Venue } from '../lib/venues';
import { assertAllowed, createRateLimiter } from '../lib/rateLimit';

const STANDIN_JS = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'places-standin.js'),
  'utf8',
);

export const MAX_PREDICTIONS = 5;
const RATE_LIMIT = 300;
const RATE_WINDOW_MS = 60_000;

interface Prediction {
  description: string;
  place_id: string;
  structured_formatting: {
    main_text: string;
    main_text_matched_substrings: { offset: number; length: number }[];
    secondary_text: string;
  };
  types: string[];
  matched_substrings: { offset: number; length: number }[];
  terms: { offset: number; value: string }[];
}

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface PlaceResult {
  place_id: string;
  name: string;
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } };
  address_components: AddressComponent[];
  types: string[];
  utc_offset_minutes?: number;
  timezone: string;
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** The street part of the address (venues.json may hold the full "street, city, ST zip, USA" line). */
function street(v: Venue): string {
  return (v.address.split(',')[0] ?? '').trim();
}

function secondaryText(v: Venue): string {
  return [street(v), v.city, [v.state, v.zip].filter(Boolean).join(' '), 'USA'].filter(Boolean).join(', ');
}

export function formattedAddress(v: Venue): string {
  return secondaryText(v);
}

/** Scores a venue for the input words: every word must match name, city, address, state or zip. */
function score(v: Venue, inputWords: string[]): number {
  const name = words(v.name);
  const city = words(v.city);
  const rest = words(`${v.address} ${v.state} ${v.zip} ${US_STATES[v.state.toUpperCase()] ?? ''}`);
  let total = 0;
  for (const w of inputWords) {
    const nameHit = name.some((n) => n.startsWith(w)) ? 4 : v.name.toLowerCase().includes(w) ? 2 : 0;
    const cityHit = city.some((c) => c.startsWith(w)) ? 2 : 0;
    const restHit = rest.some((r) => r.startsWith(w)) ? 1 : 0;
    const best = Math.max(nameHit, cityHit, restHit);
    if (best === 0) return 0;
    total += best;
  }
  if (v.name.toLowerCase().startsWith(inputWords.join(' '))) total += 3;
  return total;
}

export function searchVenues(venues: Venue[], input: string, limit = MAX_PREDICTIONS): Venue[] {
  const inputWords = words(input);
  if (inputWords.length === 0) return [];
  return venues
    .map((v) => ({ v, s: score(v, inputWords) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.v.name.localeCompare(b.v.name))
    .slice(0, limit)
    .map((x) => x.v);
}

function matches(text: string, inputWords: string[]): { offset: number; length: number }[] {
  const lower = text.toLowerCase();
  const out: { offset: number; length: number }[] = [];
  for (const w of inputWords) {
    const i = lower.indexOf(w);
    if (i >= 0) out.push({ offset: i, length: w.length });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

export function toPrediction(v: Venue, input: string): Prediction {
  const secondary = secondaryText(v);
  const description = `${v.name}, ${secondary}`;
  const inputWords = words(input);
  let offset = 0;
  const terms = description.split(', ').map((value) => {
    const t = { offset, value };
    offset += value.length + 2;
    return t;
  });
  return {
    description,
    place_id: v.id,
    structured_formatting: {
      main_text: v.name,
      main_text_matched_substrings: matches(v.name, inputWords),
      secondary_text: secondary,
    },
    types: ['establishment', 'point_of_interest', 'stadium'],
    matched_substrings: matches(description, inputWords),
    terms,
  };
}

export function toPlace(v: Venue): PlaceResult {
  const components: AddressComponent[] = [];
  const streetLine = street(v);
  if (streetLine) {
    const m = /^(\d+[A-Za-z]?)\s+(.+)$/.exec(streetLine);
    if (m?.[1] && m[2]) {
      components.push({ long_name: m[1], short_name: m[1], types: ['street_number'] });
      components.push({ long_name: m[2], short_name: m[2], types: ['route'] });
    } else {
      components.push({ long_name: streetLine, short_name: streetLine, types: ['route'] });
    }
  }
  if (v.city) components.push({ long_name: v.city, short_name: v.city, types: ['locality', 'political'] });
  if (v.state) {
    const short = v.state.length === 2 ? v.state.toUpperCase() : v.state;
    components.push({
      long_name: US_STATES[short] ?? v.state,
      short_name: short,
      types: ['administrative_area_level_1', 'political'],
    });
  }
  components.push({ long_name: 'United States', short_name: 'US', types: ['country', 'political'] });
  if (v.zip) components.push({ long_name: v.zip, short_name: v.zip, types: ['postal_code'] });
  return {
    place_id: v.id,
    name: v.name,
    formatted_address: formattedAddress(v),
    geometry: { location: { lat: v.latitude, lng: v.longitude } },
    address_components: components,
    types: ['establishment', 'point_of_interest', 'stadium'],
    timezone: v.timezone,
  };
}

const AutocompleteQuery = v.object({ input: queryText(200) });
const DetailsQuery = v.object({ placeId: requiredText(200) });
/** Either an address or "lat,lng"; latlng wins when both are given (as before). */
const GeocodeQuery = v.object({ address: queryText(200), latlng: optionalLatLng });

export function registerPlacesRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Past its 10 000 addresses the limiter forgets the least recently seen, not everyone (a client with many
  // addresses could otherwise reset its own count at will).
  const limiter = createRateLimiter({ limit: RATE_LIMIT, windowMs: RATE_WINDOW_MS, now: ctx.now });
  const rateLimit = async (request: FastifyRequest): Promise<void> => {
    assertAllowed(limiter.hit(request.ip), 'Too many place look-ups; slow down');
  };

  app.get('/maps/places-standin.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(STANDIN_JS),
  );

  app.get('/api/v1/places/autocomplete', { preHandler: rateLimit }, async (request) => {
    const { input } = parseInput(AutocompleteQuery, request.query, 'query');
    return ok({ predictions: searchVenues(ctx.venues, input).map((v) => toPrediction(v, input)) });
  });

  app.get('/api/v1/places/details', { preHandler: rateLimit }, async (request) => {
    const { placeId } = parseInput(DetailsQuery, request.query, 'query');
    const venue = ctx.venues.find((v) => v.id === placeId);
    if (!venue) throw new ApiError(404, 'PLACE_NOT_FOUND', 'Place not found', { placeId });
    return ok({ place: toPlace(venue) });
  });

  app.get('/api/v1/places/geocode', { preHandler: rateLimit }, async (request) => {
    const { address, latlng } = parseInput(GeocodeQuery, request.query, 'query');
    if (latlng) {
      const { lat, lng } = latlng;
      const nearest = [...ctx.venues]
        .sort((a, b) => Math.hypot(a.latitude - lat, a.longitude - lng) - Math.hypot(b.latitude - lat, b.longitude - lng))
        .slice(0, 1);
      return ok({ results: nearest.map(toPlace) });
    }
    if (!address) throw invalidInput({ 'query.address': 'address or latlng is required' });
    return ok({ results: searchVenues(ctx.venues, address).map(toPlace) });
  });
}
