import * as v from 'valibot';
import { envelope } from '../../../api/envelope';
import { countSchema, optionalText } from '../../../domain/fields';
import { highlightSchema } from '../../../domain/highlight';

/**
 * The highlights calls' answers (docs/product/part-2.md §7; docs/api.md "Highlights"), built from the domain's
 * highlight and checked at the boundary as RTK Query `rawResponseSchema`s: a malformed answer is 'Unexpected
 * response format', never a crash.
 */

/** The highlights list may carry any of the pagination fields, or none (docs/product/part-2.md §3 "Pagination"). */
const paginationSchema = v.object({
  total: v.optional(v.nullable(countSchema), null),
  hasMore: v.boolean(),
  page: v.optional(v.nullable(countSchema), null),
  limit: v.optional(v.nullable(countSchema), null),
});

/** GET /api/v1/highlights */
export const highlightsResponseSchema = envelope(
  v.object({
    highlights: v.array(highlightSchema),
    pagination: v.optional(v.nullable(paginationSchema), null),
  }),
);

/** GET /api/v1/highlights/{id} */
export const highlightResponseSchema = envelope(v.object({ highlight: highlightSchema }));

/** GET /api/v1/highlights/{id}/stream-url */
export const streamUrlResponseSchema = envelope(v.object({ streamUrl: v.pipe(v.string(), v.minLength(1)) }));

/** GET /api/v1/highlights/{id}/download-url: the filename may be missing (§7 note: fall back to the title). */
export const downloadUrlResponseSchema = envelope(
  v.object({ downloadUrl: v.pipe(v.string(), v.minLength(1)), filename: optionalText }),
);
