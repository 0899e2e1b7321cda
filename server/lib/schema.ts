import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError } from './envelope';

/**
 * Input validation shared by every route: one valibot schema per route's params, query and body, and one
 * way a failure becomes a 400 with the envelope. Fastify's query parser turns a repeated parameter into an
 * array, so a schema that expects a string refuses `?a=1&a=2` on its own.
 */

/** A lone UTF-16 surrogate (half of a pair) cannot be encoded as UTF-8, so PostgreSQL would refuse it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no NUL (`\u0000`) and no lone surrogates. */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** The first string anywhere in `value` (objects and arrays, depth-limited) that PostgreSQL could not store. */
export function findUnstorableText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : value;
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return key;
    const found = findUnstorableText(item, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * preValidation hook for every route: text that the database cannot hold is bad input (400), never a
 * database error (500). Route schemas still check shapes; this catches every field at once.
 */
export async function rejectUnstorableInput(request: FastifyRequest): Promise<void> {
  for (const [where, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    if (findUnstorableText(value) !== null) {
      throw new ApiError(400, 'INVALID_INPUT', 'Invalid characters in the request', {
        [where]: 'must not contain NUL characters or unpaired UTF-16 surrogates',
      });
    }
  }
}

/** A trimmed string PostgreSQL can store, at most `max` characters. */
export const text = (max: number) =>
  v.pipe(
    v.string('must be a string'),
    v.check(isStorableText, 'must not contain NUL characters or unpaired UTF-16 surrogates'),
    v.trim(),
    v.maxLength(max, `must be at most ${max} characters`),
  );

/** A required, non-empty trimmed string. */
export const requiredText = (max: number) => v.pipe(text(max), v.nonEmpty('is required'));

/** A UUID (any version); anything else is refused before it reaches a `uuid` column. */
export const uuid = v.pipe(v.string('must be a string'), v.uuid('must be a UUID'));

/**
 * Below this a double is subnormal: PostgreSQL's float arithmetic (`power`, `*`) raises "underflow" on results
 * that small, so such inputs are refused rather than stored (0 itself is fine).
 */
export const SMALLEST_NORMAL_DOUBLE = 2.2250738585072014e-308;

/** True for 0 and for every finite number that is not subnormal. */
export function isNormalNumber(n: number): boolean {
  return n === 0 || Math.abs(n) >= SMALLEST_NORMAL_DOUBLE;
}

/** A finite number in [min, max] given as a JSON number or a decimal string (query values are strings). */
export const finiteNumber = (min: number, max: number) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.decimal('must be a number'), v.transform(Number))],
      'must be a number',
    ),
    v.number('must be a number'),
    v.finite('must be a finite number'),
    v.check(isNormalNumber, 'is too close to zero (use 0)'),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );

/** A whole number in [min, max], from a JSON number or a query string of digits. */
export const integer = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\s*-?\d{1,15}\s*$/, 'must be a whole number'), v.transform(Number))]),
    v.integer('must be a whole number'),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The fields name a day and time that exist (Date.parse rolls 2030-02-31 over to 3 March instead). */
function isCalendarDateTime(s: string): boolean {
  const m = ISO_DATE_TIME.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = Number(m[7] ?? 0);
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
/** The instants PostgreSQL accepts from a JS Date (it is sent as `toISOString()`): years 0001–9999 in UTC. */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * ISO 8601 date-time with a zone designator, year 0001–9999, that is a real instant. Output: a Date. The zone
 * can move an instant across the range's ends (`0001-01-01T00:00+01:00` is in year 0 UTC), so the instant
 * itself is checked too.
 */
export const isoDateTime = v.pipe(
  v.string('must be a string'),
  v.regex(ISO_DATE_TIME, 'must be an ISO 8601 date-time with time zone, e.g. 2025-05-01T18:00:00Z'),
  v.check((s) => Number(ISO_DATE_TIME.exec(s)?.[1]) >= 1, 'year must be between 0001 and 9999'),
  v.check((s) => isCalendarDateTime(s) && !Number.isNaN(Date.parse(s)), 'must be a real date and time'),
  v.transform((s) => new Date(s)),
  v.check((d) => d.getTime() >= FIRST_INSTANT && d.getTime() <= LAST_INSTANT, 'year must be between 0001 and 9999'),
);

/**
 * One coordinate in a "lat,lng" pair: a plain or exponent decimal, as JavaScript prints numbers. Each run of digits
 * can be matched one way only: `\d+\.?\d*` could split a long run anywhere, and a failing match of a long value
 * took cubic time (seconds of a blocked server for 2 KB).
 */
const COORDINATE = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?`;
const LAT_LNG = new RegExp(String.raw`^\s*(${COORDINATE})\s*,\s*(${COORDINATE})\s*$`, 'i');
/** Longer than any pair of doubles as JavaScript prints them, with room for spaces. */
const MAX_LAT_LNG_LENGTH = 100;

/** "lat,lng" (as in `?near=`) → `{ lat, lng }`, in range and finite. */
export const latLng = v.pipe(
  v.string('must be "lat,lng"'),
  // One check, the length first: a pipe runs its later steps after a failed one, and the pattern need not see 15 KB.
  v.check((s) => s.length <= MAX_LAT_LNG_LENGTH && LAT_LNG.test(s), 'must be "lat,lng"'),
  v.transform((s) => {
    const m = LAT_LNG.exec(s);
    return { lat: Number(m?.[1]), lng: Number(m?.[2]) };
  }),
  v.check(({ lat, lng }) => Number.isFinite(lat) && Number.isFinite(lng), 'must be "lat,lng"'),
  v.check(({ lat, lng }) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180, 'coordinates out of range'),
  v.check(({ lat, lng }) => isNormalNumber(lat) && isNormalNumber(lng), 'coordinates too close to zero (use 0)'),
);

/** Turns an absent or blank query value into `undefined`, so `v.optional(…, default)` applies to it. */
const blankToUndefined = v.transform((s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : s));

/** An optional "lat,lng" query parameter: absent or empty → null. A repeated parameter (an array) is refused. */
export const optionalLatLng = v.pipe(
  v.optional(v.string('must be "lat,lng"')),
  blankToUndefined,
  v.optional(latLng),
  v.transform((p) => p ?? null),
);

/** An optional positive number ≤ max from the query (e.g. a radius); absent or empty → `fallback`. */
export const optionalPositive = (max: number, fallback: number) =>
  // The default sits on the outer `optional`: inside `v.object`, a missing key whose schema is a pipe is
  // skipped without running it, so a default given further in would never apply.
  v.optional(
    v.pipe(
      v.string(`must be a number between 0 and ${max}`),
      v.transform((s: string) => (s.trim() === '' ? fallback : s)),
      finiteNumber(0, max),
      v.check((n) => n > 0, `must be a number between 0 and ${max}`),
    ),
    String(fallback),
  );

/**
 * Free search text from the query: absent → '', trimmed and cut to `max` characters (a longer query still
 * searches by its start; a surrogate pair cut in half is dropped). Text PostgreSQL cannot store and repeated
 * parameters are refused.
 */
export const queryText = (max: number) =>
  v.pipe(
    v.optional(v.string('must be a string'), ''),
    v.check(isStorableText, 'must not contain NUL characters or unpaired UTF-16 surrogates'),
    v.trim(),
    v.transform((s) => s.slice(0, max).replace(/[\uD800-\uDBFF]$/, '')),
  );

/**
 * A JSON object body with these fields (unknown fields are dropped). valibot's `object` also takes arrays, so
 * `[1,2]` is refused here as a whole ("must be a JSON object") rather than field by field.
 */
export function jsonObject<TEntries extends v.ObjectEntries>(entries: TEntries) {
  const shape = v.object(entries, 'must be a JSON object');
  return v.pipe(
    v.custom<v.InferInput<typeof shape>>(
      (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
      'must be a JSON object',
    ),
    shape,
  );
}

/** True when the issue is about a field that was absent or null (rather than of the wrong kind). */
function isMissing(issue: v.BaseIssue<unknown>): boolean {
  return issue.kind === 'schema' && (issue.input === undefined || issue.input === null) && (issue.path?.length ?? 0) > 0;
}

/** Per-field messages from a failed parse: `{ "body.name": "is required" }`; an absent field "is required". */
export function issueDetails(issues: readonly v.BaseIssue<unknown>[], where: string): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    const key = path ? `${where}.${path}` : where;
    if (!(key in details)) details[key] = isMissing(issue) ? 'is required' : issue.message;
  }
  return details;
}

/**
 * Parses `value` with `schema` or throws 400 INVALID_INPUT with per-field details. `where` names the part of
 * the request ('params', 'query', 'body') in the details.
 */
export function parseInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
  where: 'params' | 'query' | 'body',
  message = 'Invalid input',
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value ?? (where === 'body' ? undefined : {}));
  if (!result.success) throw new ApiError(400, 'INVALID_INPUT', message, issueDetails(result.issues, where));
  return result.output;
}
