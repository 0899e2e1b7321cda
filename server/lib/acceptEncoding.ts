import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Content negotiation for the HTML pages the server compresses itself. Accept-Encoding is read with its q-values
 * (RFC 9110 §12.5.3): `br;q=0` refuses br, `*` stands for every coding not named, a malformed q-value accepts nothing.
 */

export type PageEncoding = 'br' | 'gzip';

/** `q=` values as RFC 9110 writes them: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The coding to send: br or gzip, whichever the client weighs more (br on a tie); null for none (identity). */
export function preferredEncoding(header: string | undefined): PageEncoding | null {
  const weights = new Map<string, number>();
  for (const entry of (header ?? '').split(',')) {
    const [rawName = '', ...params] = entry.split(';').map((part) => part.trim());
    const name = rawName.toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const q = /^q\s*=\s*(.*)$/i.exec(param);
      if (q) weight = QVALUE.test(q[1] ?? '') ? Number(q[1]) : 0;
    }
    // x-gzip is gzip (RFC 9110 §8.4.1.3).
    weights.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const weightOf = (coding: PageEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * Brotli at quality 4, not its default 11: every load of a page is compressed afresh (each carries its own nonce),
 * and 11 takes over ten times as long for a page only a little smaller; 4 costs about what gzip does and still
 * compresses better.
 */
const BROTLI_PAGE = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** Sends a page made for this request in the coding the client prefers (Vary: Accept-Encoding). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: string): FastifyReply {
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotliCompressSync(page, BROTLI_PAGE));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}
