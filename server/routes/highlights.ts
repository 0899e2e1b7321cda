import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import { offsetOf, pageEntries, pagination } from '../lib/clipViews';
import type { AppContext } from '../lib/context';
import { ok } from '../lib/envelope';
import { highlightFilename } from '../lib/highlightFilename';
import {
  assertRendered,
  findOwnHighlight,
  HIGHLIGHT_SELECT,
  highlightMediaPath,
  highlightNotFound,
  signShortMediaPath,
  toHighlightView,
  type HighlightRow,
} from '../lib/highlightViews';
import { parseInput, uuid } from '../lib/schema';
import { callerId } from './events';
import { registerHighlightMediaRoutes } from './highlightMedia';

/**
 * Highlights (docs/product/part-2.md §2 Highlights list, Highlight viewer; §3 Highlight; §7; docs/api.md
 * "Highlights"): the caller's own only — another user's id answers 404 as if it did not exist. The files are served
 * by routes/highlightMedia.ts behind signed URLs.
 */

const HighlightsQuery = v.object(pageEntries(100, 50));
const HighlightParams = v.object({ id: uuid });

export function registerHighlightRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The caller's highlight in the path, or 404. */
  const ownHighlight = async (params: unknown, me: string): Promise<HighlightRow> => {
    const { id } = parseInput(HighlightParams, params, 'params');
    const row = await findOwnHighlight(ctx, id, me);
    if (!row) throw highlightNotFound();
    return row;
  };

  app.get('/api/v1/highlights', { preHandler: requireAuth(ctx) }, async (request) => {
    const page = parseInput(HighlightsQuery, request.query, 'query');
    const me = callerId(request.user);
    const [rows, count] = await Promise.all([
      ctx.db.query<HighlightRow>(
        `${HIGHLIGHT_SELECT} WHERE h.user_id = $1 ORDER BY h.created_at DESC, h.id DESC LIMIT $2 OFFSET $3`,
        [me, page.limit, offsetOf(page)],
      ),
      ctx.db.query<{ total: number }>('SELECT count(*)::int AS total FROM highlights WHERE user_id = $1', [me]),
    ]);
    return ok({
      highlights: rows.rows.map((row) => toHighlightView(ctx, row)),
      pagination: pagination(count.rows[0]?.total ?? 0, page),
    });
  });

  app.get('/api/v1/highlights/:id', { preHandler: requireAuth(ctx) }, async (request) => {
    const row = await ownHighlight(request.params, callerId(request.user));
    return ok({ highlight: toHighlightView(ctx, row) });
  });

  app.get('/api/v1/highlights/:id/stream-url', { preHandler: requireAuth(ctx) }, async (request) => {
    const row = await ownHighlight(request.params, callerId(request.user));
    assertRendered(row);
    return ok({ streamUrl: signShortMediaPath(ctx.secret, highlightMediaPath(row.id, 'video'), ctx.now()) });
  });

  app.get('/api/v1/highlights/:id/download-url', { preHandler: requireAuth(ctx) }, async (request) => {
    const row = await ownHighlight(request.params, callerId(request.user));
    assertRendered(row);
    return ok({
      downloadUrl: signShortMediaPath(ctx.secret, highlightMediaPath(row.id, 'download'), ctx.now()),
      filename: highlightFilename(row.title),
    });
  });

  registerHighlightMediaRoutes(app, ctx);
}
