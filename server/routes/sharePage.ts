import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import * as v from 'valibot';
import { formatDuration } from '../../src/lib/duration';
import { venueZone } from '../../src/lib/venueTime';
import { sendPage } from '../lib/acceptEncoding';
import type { AppContext } from '../lib/context';
import { ApiError, failure } from '../lib/envelope';
import { signShortMediaPath } from '../lib/highlightViews';
import { verifyMediaSignature } from '../lib/media';
import { mediaStoreOf } from '../lib/mediaStore';
import { createRateLimiter } from '../lib/rateLimit';
import { parseInput } from '../lib/schema';
import { newNonce } from '../lib/security';
import {
  BUILT_IN_WATCH_TEMPLATE,
  fillWatchTemplate,
  isWatchTemplate,
  messagePage,
  sharePageCsp,
  watchBody,
  watchHead,
  type MessagePageKind,
  type WatchPage,
} from '../lib/sharePageHtml';
import {
  findPublicShare,
  isWatchable,
  recordShareView,
  SHARE_MEDIA_KINDS,
  shareMediaPath,
  shareNotFound,
  signSharePosterPath,
  type PublicShareRow,
  type ShareMediaKind,
} from '../lib/shares';
import { sendHighlightFile } from './highlightMedia';
import { injectNonce } from './static';

/**
 * The public watch page at /s/{shareId} and its media at /media/shares/{shareId}/video|poster (docs/api.md "Public
 * watch page", docs/watch-page.md): no sign-in, so everything here answers for that one link only. The page is
 * dist/watch.html (the watch bundle) with the highlight written into its markers, under its own strict CSP; media
 * URLs are tied to the link and signed, the video's for 15 minutes, the poster's (the preview's og:image) for as long
 * as the link, and the link is checked again on every media request, so
 * revoking it stops playback at the next range request. Both are rate-limited per client address.
 */

/** Page loads per client address per minute. */
export const SHARE_PAGE_LIMIT = 60;
/** Media requests (a playing video makes many range requests) per client address per minute. */
export const SHARE_MEDIA_LIMIT = 600;
const RATE_WINDOW_MS = 60_000;
const MediaParams = v.object({ shareId: v.string(), kind: v.string() });
/** exp and sig once each: a repeated parameter arrives as an array and is refused (400). */
const MediaQuery = v.object({
  exp: v.optional(v.string('must be given once')),
  sig: v.optional(v.string('must be given once')),
});

function shareGone(): ApiError {
  return new ApiError(410, 'SHARE_LINK_GONE', 'This link no longer works');
}

/** The event's day on the venue's clock, as people there would write it: 'Sat, Nov 21, 2026'. */
export function venueDate(start: Date, timezone: string): string {
  return DateTime.fromJSDate(start, { zone: venueZone(timezone) })
    .setLocale('en-US')
    .toFormat('ccc, LLL d, yyyy');
}

export function registerSharePage(app: FastifyInstance, ctx: AppContext, opts: { distDir: string }): void {
  const watchFile = path.join(opts.distDir, 'watch.html');
  const pageLimiter = createRateLimiter({ limit: SHARE_PAGE_LIMIT, windowMs: RATE_WINDOW_MS, now: ctx.now });
  const mediaLimiter = createRateLimiter({ limit: SHARE_MEDIA_LIMIT, windowMs: RATE_WINDOW_MS, now: ctx.now });
  const media = mediaStoreOf(ctx);

  /** Every answer of /s/{id}: its own CSP with this response's nonce, never stored, never indexed. */
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, status: number, nonce: string, html: string): FastifyReply => {
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', sharePageCsp(nonce, media.mediaOrigin))
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow');
    return sendPage(request, reply, html);
  };

  const sendMessage = (request: FastifyRequest, reply: FastifyReply, status: number, kind: MessagePageKind) => {
    const nonce = newNonce();
    return sendHtml(request, reply, status, nonce, messagePage(kind, nonce));
  };

  /**
   * The template as read last, with the file's mtime and size then: a page load costs a stat, and the file is read
   * again only when a new build replaced it.
   */
  let cachedTemplate: { mtimeMs: number; size: number; html: string } | null = null;

  /** The built page, or the built-in one (no script: the native video plays) when there is no usable build. */
  const watchTemplate = async (): Promise<string> => {
    try {
      const { mtimeMs, size } = await stat(watchFile);
      if (cachedTemplate?.mtimeMs === mtimeMs && cachedTemplate.size === size) return cachedTemplate.html;
      const read = await readFile(watchFile, 'utf8');
      // A template without the markers (a half-written file, say) is remembered as the built-in one until it changes.
      const html = isWatchTemplate(read) ? read : BUILT_IN_WATCH_TEMPLATE;
      cachedTemplate = { mtimeMs, size, html };
      return html;
    } catch {
      // no build: the built-in template
      cachedTemplate = null;
      return BUILT_IN_WATCH_TEMPLATE;
    }
  };

  const watchPage = (row: PublicShareRow, origin: string, nowMs: number): WatchPage => {
    const streamPath = signShortMediaPath(ctx.secret, shareMediaPath(row.id, 'video'), nowMs);
    // The poster lives as long as the link (og:image is fetched again long after the page), the video 15 minutes.
    const posterPath = row.poster_name ? signSharePosterPath(ctx.secret, row) : null;
    return {
      title: row.title,
      eventName: row.event_name,
      venueName: row.venue_name,
      date: venueDate(row.event_start, row.venue_timezone),
      durationSeconds: row.duration_seconds,
      durationText: row.duration_seconds === null ? null : formatDuration(row.duration_seconds),
      pageUrl: `${origin}/s/${row.id}`,
      streamPath,
      streamUrl: `${origin}${streamPath}`,
      posterPath,
      posterUrl: posterPath === null ? null : `${origin}${posterPath}`,
      width: row.width,
      height: row.height,
      secure: origin.startsWith('https:'),
    };
  };

  // Counted before anything else runs, malformed requests too; over the limit → 429 with Retry-After.
  const limitPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const verdict = pageLimiter.hit(request.ip);
    if (verdict.allowed) return undefined;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    return sendMessage(request, reply, 429, 'too-many');
  };

  const limitMedia = async (request: FastifyRequest): Promise<void> => {
    const verdict = mediaLimiter.hit(request.ip);
    if (!verdict.allowed) {
      throw new ApiError(429, 'RATE_LIMITED', 'Too many requests', { retryAfterSeconds: verdict.retryAfterSeconds });
    }
  };

  // The page answers in HTML whatever went wrong: bad input (a NUL in the id, …) is just a link that does not
  // exist; a server error gets a page too (and the log line, with the path redacted by the request logger).
  const pageErrors = (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = err instanceof ApiError ? err.statusCode : (err.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return sendMessage(request, reply, 500, 'error');
    }
    return sendMessage(request, reply, 404, 'not-found');
  };

  app.get('/s/:shareId', { onRequest: limitPage, errorHandler: pageErrors }, async (request, reply) => {
    const { shareId } = request.params as { shareId?: unknown };
    const row = typeof shareId === 'string' ? await findPublicShare(ctx.db, shareId) : null;
    if (!row) return sendMessage(request, reply, 404, 'not-found');
    const nowMs = ctx.now();
    if (!isWatchable(row, nowMs)) return sendMessage(request, reply, 410, 'gone');
    // A view is a page someone was shown: HEAD (link checkers, some preview fetchers) is not one.
    if (request.method === 'GET') await recordShareView(ctx.db, row.id, nowMs);
    const nonce = newNonce();
    const page = watchPage(row, request.publicOrigin, nowMs);
    const html = fillWatchTemplate(injectNonce(await watchTemplate(), nonce), watchHead(page, nonce), watchBody(page));
    return sendHtml(request, reply, 200, nonce, html);
  });

  // Any other path under /s/ (`/s/{id}/`, `/s/{id}/x`, …; `/s/` is the route above with an empty id) is a link that
  // does not exist, answered with the same page rather than by the app's history fallback. Written `/s/:shareId/*`,
  // not `/s/*`: printRoutes() leaves the latter out, and the fuzz test checks its route table against it.
  app.get('/s/:shareId/*', { onRequest: limitPage, errorHandler: pageErrors }, async (request, reply) =>
    sendMessage(request, reply, 404, 'not-found'),
  );

  app.get('/media/shares/:shareId/:kind', { onRequest: limitMedia }, async (request, reply) => {
    const { shareId, kind: rawKind } = parseInput(MediaParams, request.params, 'params');
    if (!(SHARE_MEDIA_KINDS as readonly string[]).includes(rawKind)) throw new ApiError(404, 'NOT_FOUND', 'Not found');
    const kind = rawKind as ShareMediaKind;
    const query = parseInput(MediaQuery, request.query, 'query');
    const nowMs = ctx.now();
    const verdict = verifyMediaSignature(ctx.secret, shareMediaPath(shareId, kind), query.exp, query.sig, nowMs);
    if (verdict === 'expired') throw new ApiError(403, 'MEDIA_URL_EXPIRED', 'This media link has expired');
    if (verdict !== 'ok') throw new ApiError(403, 'INVALID_SIGNATURE', 'A signed media link is required');
    // Checked on every request (each range of a playing video): a link revoked or expired since stops here.
    const row = await findPublicShare(ctx.db, shareId);
    if (!row) throw shareNotFound();
    if (!isWatchable(row, nowMs)) throw shareGone();
    // max-age=0: a browser must come back (and meet the check above) rather than replay a stored copy.
    return sendHighlightFile(media, reply, row, kind, { range: request.headers.range, maxAgeSeconds: 0 });
  });

  // The page is reached only through a link, never as a plain file of the build (its markers are not filled in).
  app.get('/watch.html', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    return reply.code(404).send(failure(new ApiError(404, 'NOT_FOUND', `Route ${request.method} ${pathname} not found`)));
  });
}
