import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { ok } from '../lib/envelope';
import { assertRendered, findOwnHighlight, highlightNotFound } from '../lib/highlightViews';
import { jsonObject, parseInput, uuid } from '../lib/schema';
import {
  createShare,
  listHighlightShares,
  listSharedHighlights,
  revokeShare,
  SHARE_EXPIRY_DAYS,
  shareNotFound,
  toShareLink,
} from '../lib/shares';
import { callerId } from './events';

/**
 * Share links, the owner's side (docs/api.md "Share links"): create a link to one of the caller's rendered
 * highlights, list a highlight's links, list every shared highlight, revoke a link. Another user's highlight or link
 * answers 404 as an unknown one. The public side is routes/sharePage.ts.
 */

const HighlightParams = v.object({ id: uuid });
const ShareParams = v.object({ shareId: v.string() });
/** `expiresInDays`: absent or null never expires; 7 or 30 days; anything else is refused. */
const CreateShareBody = jsonObject({
  expiresInDays: v.nullish(v.picklist(SHARE_EXPIRY_DAYS, 'must be null, 7 or 30'), null),
});

export function registerShareRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The caller's highlight in the path, or 404. */
  const ownHighlight = async (params: unknown, me: string) => {
    const { id } = parseInput(HighlightParams, params, 'params');
    const row = await findOwnHighlight(ctx, id, me);
    if (!row) throw highlightNotFound();
    return row;
  };

  app.post('/api/v1/highlights/:id/shares', { preHandler: requireAuth(ctx) }, async (request, reply) => {
    const me = callerId(request.user);
    const { id } = parseInput(HighlightParams, request.params, 'params');
    // No body at all is the same as `{}`: a link that never expires.
    const { expiresInDays } = parseInput(CreateShareBody, request.body ?? {}, 'body');
    const row = await findOwnHighlight(ctx, id, me);
    if (!row) throw highlightNotFound();
    // Only a playable highlight can be shared: the page would have nothing to show.
    assertRendered(row);
    const nowMs = ctx.now();
    const share = await createShare(ctx.db, { highlightId: row.id, userId: me, expiresInDays, nowMs });
    return reply.code(201).send(ok({ share: toShareLink(share, request.publicOrigin, nowMs) }));
  });

  app.get('/api/v1/highlights/:id/shares', { preHandler: requireAuth(ctx) }, async (request) => {
    const row = await ownHighlight(request.params, callerId(request.user));
    const nowMs = ctx.now();
    const rows = await listHighlightShares(ctx.db, row.id, nowMs);
    return ok({ shares: rows.map((share) => toShareLink(share, request.publicOrigin, nowMs)) });
  });

  app.get('/api/v1/shares', { preHandler: requireAuth(ctx) }, async (request) => {
    const highlights = await listSharedHighlights(ctx, callerId(request.user), request.publicOrigin);
    return ok({ highlights });
  });

  // Idempotent. A malformed id answers as an unknown or someone else's does (404): the answer tells nothing of
  // which ids exist or whose they are.
  app.post('/api/v1/shares/:shareId/revoke', { preHandler: requireAuth(ctx) }, async (request) => {
    const { shareId } = parseInput(ShareParams, request.params, 'params');
    const nowMs = ctx.now();
    const row = await revokeShare(ctx.db, shareId, callerId(request.user), nowMs);
    if (!row) throw shareNotFound();
    return ok({ share: toShareLink(row, request.publicOrigin, nowMs) });
  });
}
