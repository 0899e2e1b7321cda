import * as v from 'valibot';

/**
 * Field schemas the domain objects share. An id may come as a number from another server; the app keys
 * its caches and routes by text, so every id becomes a string at the boundary.
 */
export const idSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

/** Text the API may leave out or send as null: read as null either way. */
export const optionalText = v.optional(v.nullable(v.string()), null);

/** A number the API may leave out or send as null: read as null either way. */
export const optionalNumber = v.optional(v.nullable(v.number()), null);

/** A count of things: a whole number, never negative. */
export const countSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A count the API may leave out or send as null. */
export const optionalCount = v.optional(v.nullable(countSchema), null);
