import * as v from 'valibot';

/*
 * The session's shapes: the user, the sign-in and refresh answers' data, the record kept in storage and shared
 * between tabs, and a token's claims. Each is read through these schemas wherever it comes in.
 */

const nonEmptyText = v.pipe(v.string(), v.nonEmpty());
const finiteNumber = v.pipe(v.number(), v.finite());

/** An id as text: non-empty text, or a finite number read as its text (older records and tokens carry numbers). */
const idText = v.union([nonEmptyText, v.pipe(finiteNumber, v.transform(String))]);

/** A signed-in user, normalised: nothing but these three fields. */
export const userSchema = v.object({ id: idText, email: nonEmptyText, roles: v.array(v.string()) });

/** The data of the callback and refresh answers. */
export const authAnswerSchema = v.object({ user: userSchema, token: nonEmptyText });

/** The auth record in storage or from another tab; records written before the clock offset existed read it as 0. */
export const authRecordSchema = v.object({
  user: userSchema,
  token: v.string(),
  lastActivity: finiteNumber,
  lastRefresh: finiteNumber,
  persistAcrossRestarts: v.boolean(),
  clockOffsetMs: v.optional(finiteNumber, 0),
});

/** The claims the app reads from a token (docs/product/part-1.md §3); times are seconds since the epoch. */
export const tokenClaimsSchema = v.object({ userId: idText, exp: finiteNumber, iat: finiteNumber });

/** The value read by `schema`, or null when it is not one. */
export function readWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> | null {
  const result = v.safeParse(schema, value);
  return result.success ? result.output : null;
}
