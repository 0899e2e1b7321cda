import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../lib/context';
import { ApiError } from '../lib/envelope';
import { attachmentDisposition, highlightFilename } from '../lib/highlightFilename';
import { assertRendered, highlightNotFound, type HighlightRow } from '../lib/highlightViews';
import { verifyMediaSignature } from '../lib/media';
import { highlightKey, mediaStoreOf, type MediaStore } from '../lib/mediaStore';
import { parseInput, uuid } from '../lib/schema';

/**
 * A rendered highlight's files behind signed URLs (docs/api.md "Highlight media"): `video` (the player), `poster`
 * (its frame) and `download` (the same video as an attachment named by the §7 rule). Ranges like clip media
 * (routes/media.ts parseRange). The owner is checked at serve time, as for clips: a deleted owner's highlight is
 * gone (404), a revoked owner's is withheld (403).
 */

const MediaParams = v.object({ id: uuid, kind: v.string() });
/** exp and sig once each: a repeated parameter arrives as an array and is refused (400). */
const MediaQuery = v.object({
  exp: v.optional(v.string('must be given once')),
  sig: v.optional(v.string('must be given once')),
});
const KINDS = ['video', 'poster', 'download'] as const;
type Kind = (typeof KINDS)[number];

type ServableHighlight = Pick<
  HighlightRow,
  'id' | 'title' | 'stage' | 'stored_name' | 'poster_name' | 'progress' | 'failure_reason'
> & {
  owner_deleted: boolean;
  owner_revoked: boolean;
};

async function findServableHighlight(ctx: AppContext, id: string): Promise<ServableHighlight> {
  const r = await ctx.db.query<ServableHighlight>(
    `SELECT h.id, h.title, h.stage, h.stored_name, h.poster_name, h.progress, h.failure_reason,
       u.deleted_at IS NOT NULL AS owner_deleted, u.permissions_revoked AS owner_revoked
     FROM highlights h JOIN users u ON u.id = h.user_id WHERE h.id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row || row.owner_deleted) throw highlightNotFound();
  if (row.owner_revoked) throw new ApiError(403, 'MEDIA_ACCESS_REVOKED', "This highlight's owner no longer has access");
  return row;
}

export function registerHighlightMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const media = mediaStoreOf(ctx);
  app.get('/media/highlights/:id/:kind', async (request, reply) => {
    const { id, kind: rawKind } = parseInput(MediaParams, request.params, 'params');
    if (!(KINDS as readonly string[]).includes(rawKind)) throw new ApiError(404, 'NOT_FOUND', 'Not found');
    const kind = rawKind as Kind;
    const query = parseInput(MediaQuery, request.query, 'query');
    const pathname = `/media/highlights/${id}/${kind}`;
    const verdict = verifyMediaSignature(ctx.secret, pathname, query.exp, query.sig, ctx.now());
    if (verdict === 'expired') throw new ApiError(403, 'MEDIA_URL_EXPIRED', 'This media link has expired');
    if (verdict !== 'ok') throw new ApiError(403, 'INVALID_SIGNATURE', 'A signed media link is required');
    const row = await findServableHighlight(ctx, id.toLowerCase());
    assertRendered(row);
    return sendHighlightFile(media, reply, row, kind, { range: request.headers.range, maxAgeSeconds: 900 });
  });
}

/**
 * A rendered highlight's poster, video, or video as a download (named after its title), from the media store; the
 * caller has checked who may see it. Used by the owner's media URLs and by a share link's.
 */
export function sendHighlightFile(
  media: MediaStore,
  reply: FastifyReply,
  row: { poster_name: string | null; stored_name: string | null; title: string },
  kind: Kind,
  opts: { range: string | undefined; maxAgeSeconds: number },
): Promise<FastifyReply> {
  if (kind === 'poster') {
    if (!row.poster_name) throw new ApiError(404, 'MEDIA_NOT_FOUND', 'This highlight has no poster');
    return media.send(reply, highlightKey(row.poster_name), { contentType: 'image/jpeg', ...opts });
  }
  return media.send(reply, highlightKey(row.stored_name ?? ''), {
    contentType: 'video/mp4',
    ...opts,
    ...(kind === 'download' ? { disposition: attachmentDisposition(highlightFilename(row.title)) } : {}),
  });
}
