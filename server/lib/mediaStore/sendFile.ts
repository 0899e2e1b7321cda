import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../envelope';

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
