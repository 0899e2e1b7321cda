import * as v from 'valibot';

/**
 * The API's success envelope `{ success: true, data }`, as a Standard Schema for RTK Query's
 * `rawResponseSchema`: a malformed answer becomes a clear error at the boundary, never a crash.
 */
export function envelope<TSchema extends v.GenericSchema>(data: TSchema) {
  return v.object({ success: v.literal(true), data });
}

export type Envelope<T> = { success: true; data: T };

/** The failure envelope `{ success: false, error, code, details }`; every field optional in practice. */
export const errorBodySchema = v.looseObject({
  success: v.optional(v.literal(false)),
  error: v.optional(v.string()),
  code: v.optional(v.string()),
  errorCode: v.optional(v.string()),
  details: v.optional(v.unknown()),
});

export type ErrorBody = v.InferOutput<typeof errorBodySchema>;

export function readErrorBody(data: unknown): ErrorBody | null {
  const parsed = v.safeParse(errorBodySchema, data);
  return parsed.success ? parsed.output : null;
}
