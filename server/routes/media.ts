import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../lib/context';
import { ApiError } from '../lib/envelope';
import { editorMediaPathname, findSession, isLive } from '../lib/editorSessions';
import { findServableClip, verifyMediaSignature } from '../lib/media';
import { clipKey, mediaStoreOf } from '../lib/mediaStore';
import { parseInput, uuid } from '../lib/schema';
import { MIME_FOR_EXT } from './uploads';

const MediaParams = v.object({ id: uuid, kind: v.string() });
const EditorMediaParams = v.object({ session: uuid, id: uuid, kind: v.string() });
/** A browser may reuse an editing session's media this long without asking (a cancelled session's, too). */
const EDITOR_MEDIA_MAX_AGE_SECONDS = 60;
/** exp and sig once each: a repeated parameter arrives as an array and is refused (400), not guessed at. */
const MediaQuery = v.object({
  exp: v.optional(v.string('must be given once')),
  sig: v.optional(v.string('must be given once')),
});

// The disk store's range-serving code; re-exported where it always was.
export { parseRange, sendFile } from '../lib/mediaStore/sendFile';

/**
 * Clip media behind our signed URLs (docs/api.md "Clip media"). The signature and the owner are checked here; the
 * bytes come from the media store: from disk with ranges, or from a bucket through a 302 to a presigned URL.
 */
export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const media = mediaStoreOf(ctx);
  app.get('/media/clips/:id/:kind', async (request, reply) => {
    const { id, kind } = parseInput(MediaParams, request.params, 'params');
    if (kind !== 'video' && kind !== 'thumbnail') throw new ApiError(404, 'NOT_FOUND', 'Not found');
    const query = parseInput(MediaQuery, request.query, 'query');
    const pathname = `/media/clips/${id}/${kind}`;
    const verdict = verifyMediaSignature(ctx.secret, pathname, query.exp, query.sig, ctx.now());
    if (verdict === 'expired') throw new ApiError(403, 'MEDIA_URL_EXPIRED', 'This media link has expired');
    if (verdict !== 'ok') throw new ApiError(403, 'INVALID_SIGNATURE', 'A signed media link is required');
    // Checked at serve time: a link handed out before its owner was deleted or revoked stops working.
    const clip = await findServableClip(ctx.db, id);
    if (kind === 'thumbnail') {
      if (!clip.thumbnail_name) throw new ApiError(404, 'MEDIA_NOT_FOUND', 'This clip has no thumbnail');
      return media.send(reply, clipKey(clip.thumbnail_name), {
        contentType: 'image/jpeg',
        range: request.headers.range,
        maxAgeSeconds: 3600,
      });
    }
    const type = MIME_FOR_EXT[path.extname(clip.stored_name)] ?? clip.mime_type;
    return media.send(reply, clipKey(clip.stored_name), { contentType: type, range: request.headers.range, maxAgeSeconds: 3600 });
  });

  // An editing session's clips: signed to the session's expiry, and served only while the session is open, so
  // its links die with a cancel, a finish or the owner's logout. Cached briefly for the same reason.
  app.get('/media/editor/:session/clips/:id/:kind', async (request, reply) => {
    const params = parseInput(EditorMediaParams, request.params, 'params');
    const { kind } = params;
    if (kind !== 'video' && kind !== 'thumbnail') throw new ApiError(404, 'NOT_FOUND', 'Not found');
    const sessionId = params.session.toLowerCase();
    const id = params.id.toLowerCase();
    const query = parseInput(MediaQuery, request.query, 'query');
    const verdict = verifyMediaSignature(ctx.secret, editorMediaPathname(sessionId, id, kind), query.exp, query.sig, ctx.now());
    if (verdict === 'expired') throw new ApiError(403, 'MEDIA_URL_EXPIRED', 'This media link has expired');
    if (verdict !== 'ok') throw new ApiError(403, 'INVALID_SIGNATURE', 'A signed media link is required');
    const session = await findSession(ctx.db, sessionId);
    if (!session || !isLive(session, ctx.now()) || !session.clip_ids.includes(id)) {
      throw new ApiError(403, 'MEDIA_URL_EXPIRED', 'This editing session has ended');
    }
    const clip = await findServableClip(ctx.db, id);
    const options = { range: request.headers.range, maxAgeSeconds: EDITOR_MEDIA_MAX_AGE_SECONDS };
    if (kind === 'thumbnail') {
      if (!clip.thumbnail_name) throw new ApiError(404, 'MEDIA_NOT_FOUND', 'This clip has no thumbnail');
      return media.send(reply, clipKey(clip.thumbnail_name), { ...options, contentType: 'image/jpeg' });
    }
    const type = MIME_FOR_EXT[path.extname(clip.stored_name)] ?? clip.mime_type;
    return media.send(reply, clipKey(clip.stored_name), { ...options, contentType: type });
  });
}
