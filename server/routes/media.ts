import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../lib/context';
import { ApiError } from '../lib/envelope';
import { findServableClip, verifyMediaSignature } from '../lib/media';
import { parseInput, uuid } from '../lib/schema';
import { MIME_FOR_EXT } from './uploads';

const MediaParams = v.object({ id: uuid, kind: v.string() });
/** exp and sig once each: a repeated parameter arrives as an array and is refused (400), not guessed at. */
const MediaQuery = v.object({
  exp: v.optional(v.string('must be given once')),
  sig: v.optional(v.string('must be given once')),
});

/** Parses a single `bytes=` range; 'invalid' for unsatisfiable, null when absent or multi-range (send all). */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** A media file, whole or one byte range; `maxAgeSeconds` follows how long the URL that reached it lives. */
export async function sendFile(
  reply: FastifyReply,
  file: string,
  contentType: string,
  rangeHeader: string | undefined,
  maxAgeSeconds = 3600,
): Promise<FastifyReply> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new ApiError(404, 'MEDIA_NOT_FOUND', 'Media file not found');
  const size = info.size;
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', contentType)
    .header('cache-control', `private, max-age=${maxAgeSeconds}`)
    .header('last-modified', info.mtime.toUTCString());
  const range = parseRange(rangeHeader, size);
  if (range === 'invalid') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(file, { start: range.start, end: range.end }));
  }
  return reply.header('content-length', size).send(createReadStream(file));
}

export function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
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
      return sendFile(reply, path.join(ctx.uploadsDir, clip.thumbnail_name), 'image/jpeg', request.headers.range);
    }
    const type = MIME_FOR_EXT[path.extname(clip.stored_name)] ?? clip.mime_type;
    return sendFile(reply, path.join(ctx.uploadsDir, clip.stored_name), type, request.headers.range);
  });
}
