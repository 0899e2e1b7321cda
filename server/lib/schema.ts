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

/** A finite number in [min, max] given as a JSON number or a decimal string (query values are strings). */
export const finiteNumber = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.decimal('must be a number'), v.transform(Number))]),
    v.number('must be a number'),
    v.finite('must be a finite number'),
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

const ISO_DATE_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 date-time with a zone designator, year 0001–9999, that is a real instant. Output: a Date. */
export const isoDateTime = v.pipe(
  v.string('must be a string'),
  v.regex(ISO_DATE_TIME, 'must be an ISO 8601 date-time with time zone, e.g. 2025-05-01T18:00:00Z'),
  v.check((s) => Number(ISO_DATE_TIME.exec(s)?.[1]) >= 1, 'year must be between 0001 and 9999'),
  v.check((s) => !Number.isNaN(Date.parse(s)), 'must be a real date and time'),
  v.transform((s) => new Date(s)),
);

/** Per-field messages from a failed parse: `{ "body.name": "is required" }`. */
export function issueDetails(issues: readonly v.BaseIssue<unknown>[], where: string): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    const key = path ? `${where}.${path}` : where;
    if (!(key in details)) details[key] = issue.message;
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
