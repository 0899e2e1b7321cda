import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../envelope';
import type { ServeOptions } from './types';

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

/**
 * A media file, whole or one byte range, with the headers of `opts` (its disposition only once the file is there:
 * a missing file's 404 is not an attachment). A HEAD request gets the same headers and no bytes read: Fastify drains
 * a stream it is given for HEAD, so a file stream would be read through to its end for nothing.
 */
export async function sendFile(reply: FastifyReply, file: string, opts: ServeOptions): Promise<FastifyReply> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new ApiError(404, 'MEDIA_NOT_FOUND', 'Media file not found');
  const size = info.size;
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', opts.contentType)
    .header('cache-control', `private, max-age=${opts.maxAgeSeconds}`)
    .header('last-modified', info.mtime.toUTCString());
  if (opts.disposition) reply.header('content-disposition', opts.disposition);
  // An empty stream, not no body: for a body that is not a stream, Fastify's HEAD answer says Content-Length 0.
  const bytes = (range?: { start: number; end: number }) =>
    reply.request.method === 'HEAD' ? Readable.from([]) : createReadStream(file, range);
  const range = parseRange(opts.range, size);
  if (range === 'invalid') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(bytes(range));
  }
  return reply.header('content-length', size).send(bytes());
}
