import assert from 'node:assert/strict';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { signShortMediaPath } from '../lib/highlightViews';
import { preferredEncoding } from '../lib/acceptEncoding';
import { newShareId } from '../lib/shareIds';
import { escapeHtml, jsonForScript } from '../lib/sharePageHtml';
import { signSharePosterPath, type ShareLink } from '../lib/shares';
import { SHARE_MEDIA_LIMIT, SHARE_PAGE_LIMIT, venueDate } from '../routes/sharePage';
import { type BrowseApp, insertEvent, setUserState } from './browseFixtures';
import { bearer, signIn, type SignedIn } from './helpers';
import {
  INJECT_ORIGIN,
  insertHighlight,
  makeRenderedFiles,
  markRendered,
  startHighlightApp,
  TEST_SECRET,
  type RenderedFiles,
} from './highlightFixtures';
import type { Envelope } from './mediaFixtures';

/**
 * The public watch page /s/{shareId} and its media (docs/api.md "Public watch page"): 200 / 404 / 410, its headers
 * and preview tags, nothing of the owner in it, media tied to the link and stopped by a revoke or an expiry, view
 * counts, rate limits, and share ids kept out of the logs.
 */

// 01:30 UTC on Sunday 22 November is still Saturday 21 November evening at Wrigley Field (America/Chicago).
const GAME = '2026-11-22T01:30:00.000Z';
const NOW = Date.parse('2026-11-22T04:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const MINUTE = 60 * 1000;
const TITLE = 'Goal <script>alert(1)</script> & "Tom\'s" $& run';
const EVENT_NAME = 'Cup <Final> & more';
const CSP_SHAPE =
  /^default-src 'none'; script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'; style-src 'self' 'nonce-\1'; img-src 'self' data:; media-src 'self'; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'$/;

interface Res {
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
}

function envelope<T = unknown>(res: { body: string }): Envelope<T> {
  return JSON.parse(res.body) as Envelope<T>;
}

function assertError(res: Res, status: number, code: string): void {
  assert.equal(res.statusCode, status, res.body.slice(0, 300));
  const body = envelope(res);
  assert.equal(body.success, false);
  assert.equal(body.code, code, res.body);
}

/** `content` of `<meta property|name="key">`, unescaped as a browser would. */
function metaContent(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return m?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every address the page holds: attribute values and JSON strings that look like URLs or paths. */
function addressesIn(html: string): string[] {
  const found: string[] = [];
  // The CSP nonce's <meta> is no address (a nonce beginning with '/' read as a path: a flake on one run in 64).
  const pageHtml = html.replace(/<meta name="csp-nonce" content="[^"]*">/g, '');
  for (const m of pageHtml.matchAll(/\b(?:src|href|content|poster|action)="([^"]*)"/g)) found.push(m[1] ?? '');
  const data = /<script type="application\/json" id="watch-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (data)
    for (const value of Object.values(JSON.parse(data) as Record<string, unknown>))
      if (typeof value === 'string') found.push(value);
  return found.map((a) => a.replace(/&amp;/g, '&')).filter((a) => a.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(a));
}

function watchData(html: string): Record<string, unknown> {
  const data = /<script type="application\/json" id="watch-data">([^<]*)<\/script>/.exec(html)?.[1];
  assert.ok(data, 'watch-data block present');
  return JSON.parse(data) as Record<string, unknown>;
}

function nonceOf(res: Res): string {
  const m = CSP_SHAPE.exec(String(res.headers['content-security-policy']));
  assert.ok(m, `share page CSP: ${String(res.headers['content-security-policy'])}`);
  return m[1] ?? '';
}

/** The headers every answer of /s/{id} carries. */
function assertPageHeaders(res: Res): string {
  assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
  assert.equal(res.headers['referrer-policy'], 'no-referrer');
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(res.headers['x-frame-options'], 'DENY');
  assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin');
  return nonceOf(res);
}

describe('public watch page', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let files: RenderedFiles;
  const lines: string[] = [];
  const ids = { event: '', highlight: '', noPoster: '', bobs: '', eves: '' };
  let eve: SignedIn;
  let ipCount = 0;

  /** Each request from its own address unless told, so the rate limits meet only the tests about them. */
  const get = (url: string, opts: { ip?: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD' } = {}) =>
    b.app.inject({
      method: opts.method ?? 'GET',
      url,
      headers: opts.headers ?? {},
      remoteAddress: opts.ip ?? `10.1.${Math.floor((ipCount += 1) / 250)}.${(ipCount % 250) + 1}`,
    }) as unknown as Promise<Res>;
  const share = async (highlightId: string, user: SignedIn = alice, expiresInDays: 7 | 30 | null = null): Promise<ShareLink> => {
    const res = await b.app.inject({
      method: 'POST',
      url: `/api/v1/highlights/${highlightId}/shares`,
      headers: bearer(user.token),
      payload: { expiresInDays },
    });
    assert.equal(res.statusCode, 201, res.body);
    return envelope<{ share: ShareLink }>(res).data.share;
  };
  const links = async (highlightId: string, user: SignedIn = alice): Promise<ShareLink[]> => {
    const res = await b.app.inject({
      method: 'GET',
      url: `/api/v1/highlights/${highlightId}/shares`,
      headers: bearer(user.token),
    });
    assert.equal(res.statusCode, 200, res.body);
    return envelope<{ shares: ShareLink[] }>(res).data.shares;
  };
  const revoke = async (shareId: string, user: SignedIn = alice) => {
    const res = await b.app.inject({ method: 'POST', url: `/api/v1/shares/${shareId}/revoke`, headers: bearer(user.token) });
    assert.equal(res.statusCode, 200, res.body);
  };
  const mediaPaths = (html: string) => {
    const data = watchData(html);
    return { video: String(data.streamUrl), poster: data.posterUrl === null ? null : String(data.posterUrl) };
  };

  before(async () => {
    [b, files] = await Promise.all([
      startHighlightApp(NOW, { logger: true, logStream: { write: (line) => void lines.push(line) } }),
      makeRenderedFiles(),
    ]);
    alice = await signIn(b.app, 'alice@example.com');
    bob = await signIn(b.app, 'bob@example.com');
    eve = await signIn(b.app, 'eve@example.com');
    await b.withDb(async (db) => {
      ids.event = await insertEvent(db, {
        name: EVENT_NAME,
        sport: 'baseball',
        start: new Date(GAME),
        locationId: 'venue-wrigley',
      });
      const dir = `${b.dataDir}/highlights`;
      const make = async (userId: string, title: string, poster = true) => {
        const id = await insertHighlight(db, { userId, eventId: ids.event, title, createdAt: new Date(NOW - 60 * MINUTE) });
        await markRendered(db, dir, id, files, { durationSeconds: 75.4, poster });
        return id;
      };
      ids.highlight = await make(alice.user.id, TITLE);
      ids.noPoster = await make(alice.user.id, 'Plain', false);
      ids.bobs = await make(bob.user.id, 'Bob’s');
      ids.eves = await make(eve.user.id, 'Eve’s');
    });
  });

  after(async () => {
    await b.close();
  });

  test('venueDate: the day on the venue’s clock', () => {
    assert.equal(venueDate(new Date(GAME), 'America/Chicago'), 'Sat, Nov 21, 2026');
    assert.equal(venueDate(new Date(GAME), 'Europe/Berlin'), 'Sun, Nov 22, 2026');
    assert.equal(venueDate(new Date(GAME), 'Not/AZone'), 'Sat, Nov 21, 2026', 'an unknown zone: the default venue zone');
  });

  test('jsonForScript: nothing can end the script block; JSON.parse reads it back', () => {
    const value = { t: '</script><!-- & \u2028\u2029 >' };
    const text = jsonForScript(value);
    assert.ok(!/[<>&\u2028\u2029]/.test(text), text);
    assert.deepEqual(JSON.parse(text), value);
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  test('preferredEncoding: Accept-Encoding with its q-values; br when as welcome as gzip', () => {
    const cases: [string | undefined, 'br' | 'gzip' | null][] = [
      [undefined, null],
      ['', null],
      ['identity', null],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0', null],
      ['gzip;q=0', null],
      ['gzip;q=0, br;q=0.0', null],
      ['BR; Q=0.5, GZip;q=0.8', 'gzip'],
      ['gzip;q=0.5, br;q=0.5', 'br'],
      ['gzip;q=0.001', 'gzip'],
      ['*', 'br'],
      ['*;q=0', null],
      ['br;q=0, *', 'gzip'],
      ['gzip;q=0, *;q=0.1', 'br'],
      ['*, br;q=0, gzip;q=0', null],
      // Not a coding we know, nor a q-value: not accepted.
      ['x-br, brotli', null],
      ['gzip;q=abc', null],
      ['gzip;q=1.5', null],
    ];
    for (const [header, expected] of cases) assert.equal(preferredEncoding(header), expected, String(header));
  });

  test('200: the highlight, its facts, preview tags with absolute URLs, its own CSP; nothing of the owner', async () => {
    const link = await share(ids.highlight);
    const res = await get(`/s/${link.id}`);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const nonce = assertPageHeaders(res);
    const html = res.body;
    assert.ok(html.startsWith('<!doctype html><html lang="en">'));
    // Title and facts, escaped.
    const escapedTitle = escapeHtml(TITLE);
    assert.ok(html.includes(`<title>${escapedTitle} · Courtside</title>`));
    assert.ok(html.includes(`<h1>${escapedTitle}</h1>`));
    assert.ok(!html.includes('<script>alert(1)</script>'), 'the title is never markup');
    assert.ok(html.includes(`<dt>Event</dt><dd>${escapeHtml(EVENT_NAME)}</dd>`));
    assert.ok(html.includes('<dt>Venue</dt><dd>Wrigley Field</dd>'));
    assert.ok(html.includes('<dt>Date</dt><dd>Sat, Nov 21, 2026</dd>'));
    assert.ok(html.includes('<dt>Duration</dt><dd>1:15</dd>'));
    assert.ok(html.includes('<footer><p>Shared with Courtside</p></footer>'));
    const description = `${EVENT_NAME} · Wrigley Field · Sat, Nov 21, 2026 · 1:15`;
    assert.equal(metaContent(html, 'description'), description);
    // The page's own styles carry this response's nonce; there is no script to run (no build here).
    assert.ok(html.includes(`<style nonce="${nonce}">`));
    assert.deepEqual(
      [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]),
      ['<script type="application/json" id="watch-data">'],
    );
    // Media: signed, tied to this link; the video short-lived, the poster as long as the link (it never expires).
    const { video, poster } = mediaPaths(html);
    const videoUrl = new URL(video, INJECT_ORIGIN);
    assert.equal(videoUrl.pathname, `/media/shares/${link.id}/video`);
    assert.equal(video, signShortMediaPath(TEST_SECRET, `/media/shares/${link.id}/video`, NOW));
    assert.equal(poster, signSharePosterPath(TEST_SECRET, { id: link.id, expires_at: null }));
    const expMs = Number(videoUrl.searchParams.get('exp')) * 1000;
    assert.ok(expMs - NOW >= 15 * MINUTE && expMs - NOW < 20 * MINUTE);
    assert.ok(
      html.includes(
        `<div id="player"><video controls playsinline preload="metadata" poster="${escapeHtml(poster ?? '')}" src="${escapeHtml(video)}"></video></div>`,
      ),
    );
    // Open Graph and Twitter cards: absolute URLs on the public origin.
    const page = `${INJECT_ORIGIN}/s/${link.id}`;
    assert.equal(metaContent(html, 'og:site_name'), 'Courtside');
    assert.equal(metaContent(html, 'og:type'), 'video.other');
    assert.equal(metaContent(html, 'og:title'), TITLE);
    assert.equal(metaContent(html, 'og:description'), description);
    assert.equal(metaContent(html, 'og:url'), page);
    assert.equal(metaContent(html, 'og:image'), `${INJECT_ORIGIN}${poster}`);
    assert.equal(metaContent(html, 'og:image:width'), '160');
    assert.equal(metaContent(html, 'og:image:height'), '120');
    assert.equal(metaContent(html, 'og:video'), `${INJECT_ORIGIN}${video}`);
    assert.equal(metaContent(html, 'og:video:secure_url'), undefined, 'only on https');
    assert.equal(metaContent(html, 'og:video:type'), 'video/mp4');
    assert.equal(metaContent(html, 'og:video:width'), '160');
    assert.equal(metaContent(html, 'og:video:height'), '120');
    assert.equal(metaContent(html, 'twitter:card'), 'summary_large_image');
    assert.equal(metaContent(html, 'twitter:title'), TITLE);
    assert.equal(metaContent(html, 'twitter:description'), description);
    assert.equal(metaContent(html, 'twitter:image'), `${INJECT_ORIGIN}${poster}`);
    // The bundle's data.
    assert.deepEqual(watchData(html), {
      title: TITLE,
      streamUrl: video,
      posterUrl: poster,
      durationSeconds: 75.4,
      event: EVENT_NAME,
      venue: 'Wrigley Field',
      date: 'Sat, Nov 21, 2026',
    });
    // Nothing of the owner, no internal ids.
    for (const secret of ['alice@example.com', 'alice', alice.user.id, ids.highlight, ids.event]) {
      assert.ok(!html.toLowerCase().includes(secret.toLowerCase()), `the page holds ${secret}`);
    }
    // Every address in the page is this page or this link's media.
    for (const address of addressesIn(html)) {
      const url = new URL(address, INJECT_ORIGIN);
      assert.equal(url.origin, INJECT_ORIGIN, address);
      assert.ok(url.pathname === `/s/${link.id}` || url.pathname.startsWith(`/media/shares/${link.id}/`), address);
    }
  });

  test('the media: video with ranges, poster; signed for that link and kind only', async () => {
    const link = await share(ids.highlight);
    const { video, poster } = mediaPaths((await get(`/s/${link.id}`)).body);
    const whole = await get(video);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'video/mp4');
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    assert.equal(whole.headers['cache-control'], 'private, max-age=0');
    assert.ok(whole.rawPayload.equals(files.video));
    const part = await get(video, { headers: { range: 'bytes=10-109' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 10-109/${files.video.length}`);
    assert.ok(part.rawPayload.equals(files.video.subarray(10, 110)));
    assert.equal((await get(video, { headers: { range: `bytes=${files.video.length}-` } })).statusCode, 416);
    const image = await get(poster ?? '');
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/jpeg');
    assert.ok(image.rawPayload.equals(files.poster));
    // Another link, another kind, a forged or missing signature, the owner's own highlight URL: refused.
    const other = await share(ids.highlight);
    const query = video.slice(video.indexOf('?'));
    assertError(await get(`/media/shares/${other.id}/video${query}`), 403, 'INVALID_SIGNATURE');
    assertError(await get(`/media/shares/${link.id}/poster${query}`), 403, 'INVALID_SIGNATURE');
    assertError(await get(`/media/shares/${link.id}/video`), 403, 'INVALID_SIGNATURE');
    // The signature's first character changed (to one it is not: '_' was one in 64 runs' own).
    const tampered = query.replace(/sig=(.)/, (_all, first: string) => `sig=${first === '_' ? '-' : '_'}`);
    assertError(await get(`/media/shares/${link.id}/video${tampered}`), 403, 'INVALID_SIGNATURE');
    assertError(await get(`/media/highlights/${ids.highlight}/video${query}`), 403, 'INVALID_SIGNATURE');
    assertError(await get(`/media/shares/${link.id}/download${query}`), 404, 'NOT_FOUND');
    assertError(await get(`${video}&sig=again`), 400, 'INVALID_INPUT');
    // A well-signed URL of a link that does not exist.
    const ghost = newShareId();
    assertError(await get(signShortMediaPath(TEST_SECRET, `/media/shares/${ghost}/video`, NOW)), 404, 'SHARE_NOT_FOUND');
    // 20 minutes on, the page's URLs are dead; a reload of the page gives fresh ones.
    b.clock.advance(20 * MINUTE);
    try {
      assertError(await get(video), 403, 'MEDIA_URL_EXPIRED');
      const fresh = mediaPaths((await get(`/s/${link.id}`)).body).video;
      assert.equal((await get(fresh)).statusCode, 200);
    } finally {
      b.clock.set(NOW);
    }
  });

  test('og:image lives as long as the link: 200 long after the video URL died, 410 once revoked', async () => {
    const link = await share(ids.highlight);
    const html = (await get(`/s/${link.id}`)).body;
    const image = metaContent(html, 'og:image') ?? '';
    const { video } = mediaPaths(html);
    const imageUrl = new URL(image);
    assert.equal(imageUrl.pathname, `/media/shares/${link.id}/poster`);
    assert.deepEqual([...imageUrl.searchParams.keys()].sort(), ['exp', 'sig'], 'no token of the user in it');
    assert.equal(metaContent(html, 'twitter:image'), image);
    const imagePath = `${imageUrl.pathname}${imageUrl.search}`;
    assert.equal((await get(imagePath)).statusCode, 200, 'the unfurler’s first fetch');
    const other = await share(ids.highlight);
    try {
      // Past the page's short lifetime (15–20 minutes): the video URL is dead, the preview's image still answers.
      b.clock.set(NOW + 21 * MINUTE);
      assertError(await get(video), 403, 'MEDIA_URL_EXPIRED');
      const later = await get(imagePath);
      assert.equal(later.statusCode, 200, later.body.slice(0, 200));
      assert.ok(later.rawPayload.equals(files.poster));
      // …and a year on; a later load of the page names the very same image (an unfurler's cache keeps working).
      b.clock.set(NOW + 365 * DAY);
      assert.equal((await get(imagePath)).statusCode, 200);
      assert.equal(metaContent((await get(`/s/${link.id}`)).body, 'og:image'), image);
      // Unguessable: another link's id under this signature, or this link's video under it, is refused.
      assertError(await get(`/media/shares/${other.id}/poster${imageUrl.search}`), 403, 'INVALID_SIGNATURE');
      assertError(await get(`/media/shares/${link.id}/video${imageUrl.search}`), 403, 'INVALID_SIGNATURE');
    } finally {
      b.clock.set(NOW);
    }
    // Revoked (the owner's token is of this clock): the image stops at once, the link's page too, and stays dead.
    await revoke(link.id);
    assertError(await get(imagePath), 410, 'SHARE_LINK_GONE');
    assert.equal((await get(`/s/${link.id}`)).statusCode, 410);
    b.clock.set(NOW + 21 * MINUTE);
    try {
      assertError(await get(imagePath), 410, 'SHARE_LINK_GONE');
    } finally {
      b.clock.set(NOW);
    }
  });

  test('og:image of a link that expires: signed until its expiry, 200 the day before, 410 from then on', async () => {
    const link = await share(ids.highlight, alice, 7);
    const image = metaContent((await get(`/s/${link.id}`)).body, 'og:image') ?? '';
    const imageUrl = new URL(image);
    assert.equal(Number(imageUrl.searchParams.get('exp')) * 1000, NOW + 7 * DAY, 'the link’s expiry');
    const imagePath = `${imageUrl.pathname}${imageUrl.search}`;
    try {
      b.clock.set(NOW + 6 * DAY);
      assert.equal((await get(imagePath)).statusCode, 200);
      b.clock.set(NOW + 7 * DAY);
      const res = await get(imagePath);
      assert.ok(res.statusCode === 403 || res.statusCode === 410, `${res.statusCode}`);
    } finally {
      b.clock.set(NOW);
    }
  });

  test('no poster: no image tags, the plain Twitter card, posterUrl null', async () => {
    const link = await share(ids.noPoster);
    const res = await get(`/s/${link.id}`);
    assert.equal(res.statusCode, 200);
    assert.equal(metaContent(res.body, 'og:image'), undefined);
    assert.equal(metaContent(res.body, 'twitter:image'), undefined);
    assert.equal(metaContent(res.body, 'twitter:card'), 'summary');
    assert.ok(res.body.includes('<video controls playsinline preload="metadata" src="'));
    assert.equal(watchData(res.body).posterUrl, null);
    const paths = mediaPaths(res.body);
    assertError(await get(paths.video.replace('/video?', '/poster?')), 403, 'INVALID_SIGNATURE');
    assertError(await get(signShortMediaPath(TEST_SECRET, `/media/shares/${link.id}/poster`, NOW)), 404, 'MEDIA_NOT_FOUND');
  });

  test('views: each GET answered 200 counts, HEAD and refusals do not', async () => {
    const link = await share(ids.highlight);
    assert.equal((await get(`/s/${link.id}`)).statusCode, 200);
    b.clock.advance(MINUTE);
    try {
      assert.equal((await get(`/s/${link.id}`)).statusCode, 200);
      const head = await get(`/s/${link.id}`, { method: 'HEAD' });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
    } finally {
      b.clock.set(NOW);
    }
    let mine = (await links(ids.highlight)).find((s) => s.id === link.id);
    assert.equal(mine?.viewCount, 2);
    assert.equal(mine?.lastViewedAt, new Date(NOW + MINUTE).toISOString());
    await revoke(link.id);
    assert.equal((await get(`/s/${link.id}`)).statusCode, 410);
    mine = (await links(ids.highlight)).find((s) => s.id === link.id);
    assert.equal(mine?.viewCount, 2, 'a 410 is not a view');
  });

  test('a revoked link: 410 page without a player or script, and its media stop at once', async () => {
    const link = await share(ids.highlight);
    const { video, poster } = mediaPaths((await get(`/s/${link.id}`)).body);
    assert.equal((await get(video, { headers: { range: 'bytes=0-99' } })).statusCode, 206);
    await revoke(link.id);
    const res = await get(`/s/${link.id}`);
    assert.equal(res.statusCode, 410);
    const nonce = assertPageHeaders(res);
    assert.ok(res.body.includes('<h1>This link no longer works</h1>'));
    assert.ok(
      res.body.includes(
        '<p>The person who shared this highlight turned the link off, or it expired. Ask them for a new link.</p>',
      ),
    );
    assert.ok(res.body.includes(`<style nonce="${nonce}">`));
    assert.ok(!/<script|<video|watch-data/.test(res.body), 'no script, no player');
    assert.ok(!res.body.includes(escapeHtml(TITLE)) && !res.body.includes('og:'), 'nothing of the highlight');
    // The URLs handed out before the revoke are still validly signed, but the link is checked on every request.
    assertError(await get(video, { headers: { range: 'bytes=100-199' } }), 410, 'SHARE_LINK_GONE');
    assertError(await get(poster ?? ''), 410, 'SHARE_LINK_GONE');
    // Other links of the same highlight still work.
    const other = await share(ids.highlight);
    assert.equal((await get(`/s/${other.id}`)).statusCode, 200);
  });

  test('an expired link (the server clock): 410, media too', async () => {
    const link = await share(ids.highlight, alice, 7);
    const { video } = mediaPaths((await get(`/s/${link.id}`)).body);
    b.clock.set(NOW + 7 * DAY - 1);
    try {
      assert.equal((await get(`/s/${link.id}`)).statusCode, 200, 'still active a millisecond before');
    } finally {
      b.clock.set(NOW);
    }
    b.clock.set(NOW + 7 * DAY);
    try {
      const res = await get(`/s/${link.id}`);
      assert.equal(res.statusCode, 410);
      assert.ok(res.body.includes('<h1>This link no longer works</h1>'));
      // A media URL signed just before the expiry, used just after it.
      const late = signShortMediaPath(TEST_SECRET, `/media/shares/${link.id}/video`, NOW + 7 * DAY - MINUTE);
      assertError(await get(late), 410, 'SHARE_LINK_GONE');
    } finally {
      b.clock.set(NOW);
    }
    assert.equal((await get(video)).statusCode, 200, 'back before the expiry it plays');
  });

  test('unknown or malformed ids: 404 page without script; no database id leaks through them', async () => {
    for (const id of [
      newShareId(),
      'abc',
      `${newShareId()}x`,
      'AAAAAAAAAAAAAAAAAAAAAAA.',
      ids.highlight,
      '%00',
      '%F0%9F%98%80'.repeat(3),
    ]) {
      const res = await get(`/s/${id}`);
      assert.equal(res.statusCode, 404, `${id}: ${res.body.slice(0, 200)}`);
      assertPageHeaders(res);
      assert.ok(res.body.includes('<h1>Highlight not found</h1>'), id);
      assert.ok(res.body.includes('<p>Check that you copied the whole link.</p>'), id);
      assert.ok(!/<script|<video/.test(res.body), id);
    }
    // A link id with its case changed is another id.
    const link = await share(ids.highlight);
    const swapped = [...link.id].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    if (swapped !== link.id) assert.equal((await get(`/s/${swapped}`)).statusCode, 404);
  });

  test('any other path under /s/ (a trailing slash, more segments): the same 404 page, never the app', async () => {
    const link = await share(ids.highlight);
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const url of [`/s/${link.id}/`, `/s/${link.id}/x`, `/s/${link.id}//`, '/s/', '/s//', '/s/a/b/c', '/s/a%00/b']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await get(url, { headers: html, method });
        assert.equal(res.statusCode, 404, `${method} ${url}`);
        assertPageHeaders(res);
        if (method === 'GET') {
          assert.ok(res.body.includes('Highlight not found'), url);
          assert.ok(!/<script|<video/.test(res.body), url);
        }
      }
    }
    // Nor is `/s` itself the app's (its history fallback would answer 503 here: no build).
    assertError(await get('/s', { headers: html }), 404, 'NOT_FOUND');
    // They count against the page's rate limit like /s/{id} itself.
    const ip = '203.0.113.99';
    for (let i = 0; i < SHARE_PAGE_LIMIT; i += 1) await get(`/s/${link.id}/`, { ip, headers: html });
    assert.equal((await get(`/s/${link.id}/`, { ip, headers: html })).statusCode, 429);
  });

  test('the owner barred or deleted: 410 (the page does not say why)', async () => {
    const link = await share(ids.eves, eve);
    assert.equal((await get(`/s/${link.id}`)).statusCode, 200);
    const { video } = mediaPaths((await get(`/s/${link.id}`)).body);
    await b.withDb((db) => setUserState(db, eve.user.id, 'revoked'));
    const barred = await get(`/s/${link.id}`);
    assert.equal(barred.statusCode, 410);
    assert.ok(barred.body.includes('<h1>This link no longer works</h1>'));
    assertError(await get(video), 410, 'SHARE_LINK_GONE');
    await b.withDb((db) => setUserState(db, eve.user.id, 'deleted'));
    assert.equal((await get(`/s/${link.id}`)).statusCode, 410);
    assertError(await get(video), 410, 'SHARE_LINK_GONE');
  });

  test('a second user’s link shows their highlight only; the first user cannot see or revoke it', async () => {
    const bobs = await share(ids.bobs, bob);
    const res = await get(`/s/${bobs.id}`);
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes('<h1>Bob’s</h1>'));
    assert.ok(!res.body.includes('bob@example.com'));
    const denied = await b.app.inject({ method: 'POST', url: `/api/v1/shares/${bobs.id}/revoke`, headers: bearer(alice.token) });
    assert.equal(denied.statusCode, 404);
    assert.equal((await get(`/s/${bobs.id}`)).statusCode, 200, 'still works');
  });

  test('with a build: dist/watch.html filled in, its nonce the CSP’s; /watch.html itself is not served', async () => {
    const dist = `${b.dataDir}/no-dist`;
    await mkdir(dist, { recursive: true });
    await writeFile(
      `${dist}/watch.html`,
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="csp-nonce" content="__CSP_NONCE__">' +
        '<!--share:head--><script defer src="/assets/watch.0123abcd.js" nonce="__CSP_NONCE__"></script></head>' +
        '<body><!--share:body--></body></html>',
    );
    try {
      const link = await share(ids.highlight);
      const res = await get(`/s/${link.id}`);
      assert.equal(res.statusCode, 200);
      const nonce = nonceOf(res);
      assert.ok(!res.body.includes('__CSP_NONCE__') && !res.body.includes('<!--share:'));
      assert.ok(res.body.includes(`<meta name="csp-nonce" content="${nonce}">`));
      assert.ok(res.body.includes(`<script defer src="/assets/watch.0123abcd.js" nonce="${nonce}"></script>`));
      assert.ok(res.body.includes(`<h1>${escapeHtml(TITLE)}</h1>`));
      assert.ok(res.body.includes('<title>'));
      // `$&` in the title stayed text (no replacement pattern).
      assert.equal(watchData(res.body).title, TITLE);
      for (const address of addressesIn(res.body)) {
        const url = new URL(address, INJECT_ORIGIN);
        assert.equal(url.origin, INJECT_ORIGIN, address);
        assert.ok(
          url.pathname === `/s/${link.id}` ||
            url.pathname.startsWith('/assets/') ||
            url.pathname.startsWith(`/media/shares/${link.id}/`),
          address,
        );
      }
      // Compressed when asked.
      const gz = await get(`/s/${link.id}`, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.match(gunzipSync(gz.rawPayload).toString('utf8'), /<h1>/);
      const br = await get(`/s/${link.id}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(brotliDecompressSync(br.rawPayload).toString('utf8'), /<h1>/);
      // br refused (q=0): gzip, not br.
      const noBr = await get(`/s/${link.id}`, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
      assert.equal(noBr.headers['content-encoding'], 'gzip');
      // The raw template is never served.
      assertError(await get('/watch.html'), 404, 'NOT_FOUND');
      // A template without the markers is not used.
      await writeFile(`${dist}/watch.html`, '<!doctype html><title>broken</title>');
      const fallback = await get(`/s/${link.id}`);
      assert.equal(fallback.statusCode, 200);
      assert.ok(fallback.body.includes(`<h1>${escapeHtml(TITLE)}</h1>`));
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  test('the built page is read again only when the file changes (its mtime), and the built-in one when it goes', async () => {
    const dist = `${b.dataDir}/no-dist`;
    const file = `${dist}/watch.html`;
    const template = (hash: string) =>
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><!--share:head-->' +
      `<script defer src="/assets/watch.${hash}.js" nonce="__CSP_NONCE__"></script></head>` +
      '<body><!--share:body--></body></html>';
    const at = new Date(NOW);
    await mkdir(dist, { recursive: true });
    try {
      const link = await share(ids.highlight);
      await writeFile(file, template('aaaa1111'));
      await utimes(file, at, at);
      assert.ok((await get(`/s/${link.id}`)).body.includes('/assets/watch.aaaa1111.js'));
      // Same size and mtime: the copy read before is served (no read per page load).
      await writeFile(file, template('bbbb2222'));
      await utimes(file, at, at);
      assert.ok((await get(`/s/${link.id}`)).body.includes('/assets/watch.aaaa1111.js'), 'read again though unchanged');
      // A new build: a new mtime, read again.
      await utimes(file, at, new Date(NOW + 1000));
      assert.ok((await get(`/s/${link.id}`)).body.includes('/assets/watch.bbbb2222.js'), 'a changed file was not read');
      // Gone: the built-in page.
      await rm(file);
      const builtIn = await get(`/s/${link.id}`);
      assert.equal(builtIn.statusCode, 200);
      assert.ok(!builtIn.body.includes('/assets/'));
      assert.ok(builtIn.body.includes(`<h1>${escapeHtml(TITLE)}</h1>`));
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  test('https origin: og:video:secure_url too', async () => {
    const secure = await startHighlightApp(NOW, {
      publicOrigin: 'https://courtside.example',
      identity: { kind: 'standin', explicit: true },
    });
    try {
      // Rows written directly: the stand-in IdP's helpers speak to localhost, which this origin refuses (421).
      const userId = await secure.withDb(async (db) => {
        const r = await db.query<{ id: string }>(`INSERT INTO users (email) VALUES ('carol@example.com') RETURNING id`);
        return r.rows[0]?.id ?? '';
      });
      const shareId = newShareId();
      await secure.withDb(async (db) => {
        const eventId = await insertEvent(db, { name: 'Cup', start: new Date(GAME) });
        const id = await insertHighlight(db, { userId, eventId, title: 'Secure', createdAt: new Date(NOW) });
        await markRendered(db, `${secure.dataDir}/highlights`, id, files);
        await db.query('INSERT INTO highlight_shares (id, highlight_id, user_id, created_at) VALUES ($1, $2, $3, $4)', [
          shareId,
          id,
          userId,
          new Date(NOW),
        ]);
      });
      const res = (await secure.app.inject({
        method: 'GET',
        url: `/s/${shareId}`,
        headers: { host: 'courtside.example' },
      })) as unknown as Res;
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      const video = metaContent(res.body, 'og:video') ?? '';
      assert.ok(video.startsWith(`https://courtside.example/media/shares/${shareId}/video?`), video);
      assert.equal(metaContent(res.body, 'og:video:secure_url'), video);
      assert.equal(metaContent(res.body, 'og:url'), `https://courtside.example/s/${shareId}`);
    } finally {
      await secure.close();
    }
  });

  test('rate limits per client address: the page 60 a minute (HTML 429), the media 600 (envelope 429)', async () => {
    const link = await share(ids.highlight);
    const ip = '203.0.113.7';
    for (let i = 0; i < SHARE_PAGE_LIMIT; i += 1) {
      // Malformed and unknown ids count as well.
      const res = await get(i % 3 === 0 ? `/s/${link.id}` : '/s/nope', { ip });
      assert.notEqual(res.statusCode, 429, `request ${i + 1}`);
    }
    const over = await get(`/s/${link.id}`, { ip });
    assert.equal(over.statusCode, 429);
    assertPageHeaders(over);
    assert.ok(Number(over.headers['retry-after']) >= 1 && Number(over.headers['retry-after']) <= 60);
    assert.ok(over.body.includes('Too many requests. Try again in a minute.'));
    assert.ok(!/<script|<video/.test(over.body));
    assert.equal((await get(`/s/${link.id}`, { ip: '203.0.113.8' })).statusCode, 200, 'another address is not limited');
    const before = (await links(ids.highlight)).find((s) => s.id === link.id)?.viewCount;
    b.clock.advance(MINUTE);
    try {
      assert.equal((await get(`/s/${link.id}`, { ip })).statusCode, 200, 'a minute later it is free again');
    } finally {
      b.clock.set(NOW);
    }
    assert.equal((await links(ids.highlight)).find((s) => s.id === link.id)?.viewCount, (before ?? 0) + 1, 'a 429 is not a view');

    const { video } = mediaPaths((await get(`/s/${link.id}`)).body);
    const mediaIp = '203.0.113.9';
    for (let i = 0; i < SHARE_MEDIA_LIMIT; i += 1) {
      // Mostly unsigned (cheap), a few real range requests.
      const res = await get(i % 100 === 0 ? video : `/media/shares/${link.id}/video`, {
        ip: mediaIp,
        headers: { range: 'bytes=0-9' },
      });
      assert.notEqual(res.statusCode, 429, `media request ${i + 1}`);
    }
    const tooMany = await get(video, { ip: mediaIp, headers: { range: 'bytes=0-9' } });
    assertError(tooMany, 429, 'RATE_LIMITED');
    assert.ok(Number(tooMany.headers['retry-after']) >= 1);
    assert.equal((await get(video, { ip: '203.0.113.10', headers: { range: 'bytes=0-9' } })).statusCode, 206);
  });

  test('no log line holds a share id in full', async () => {
    const from = lines.length;
    const link = await share(ids.highlight);
    const { video, poster } = mediaPaths((await get(`/s/${link.id}`)).body);
    await get(video, { headers: { range: 'bytes=0-9' } });
    await get(poster ?? '');
    await get(`/s/${link.id}`, { method: 'HEAD' });
    await get(`/s/${link.id}/`);
    await get(`/s/${link.id}x`);
    await get(`/media/shares/${link.id}/video`);
    await links(ids.highlight);
    await b.app.inject({ method: 'GET', url: '/api/v1/shares', headers: bearer(alice.token) });
    await revoke(link.id);
    await get(`/s/${link.id}`);
    await get(video);
    const logged = lines.slice(from).join('\n');
    assert.ok(logged.includes(`/s/${link.id.slice(0, 4)}…`), 'page requests were logged, redacted');
    assert.ok(logged.includes(`/media/shares/${link.id.slice(0, 4)}…/video`), 'media requests were logged, redacted');
    assert.ok(logged.includes(`/api/v1/shares/${link.id.slice(0, 4)}…/revoke`), 'the revoke was logged, redacted');
    assert.ok(!logged.includes(link.id), 'a share id was logged in full');
    assert.ok(!logged.includes(link.id.slice(0, 12)), 'a large part of a share id was logged');
  });

  test('a database error logs no share id either (a PGlite error carries the query’s parameters)', async () => {
    const errLines: string[] = [];
    const broken = await startHighlightApp(NOW, { logger: true, logStream: { write: (line) => void errLines.push(line) } });
    try {
      const dora = await signIn(broken.app, 'dora@example.com');
      const shareId = newShareId();
      // Writes to the link fail with a check violation, whose `detail` is the whole row ("Failing row contains (…)").
      await broken.withDb(async (db) => {
        const eventId = await insertEvent(db, { name: 'Cup', start: new Date(GAME) });
        const id = await insertHighlight(db, { userId: dora.user.id, eventId, title: 'Broken', createdAt: new Date(NOW) });
        await markRendered(db, `${broken.dataDir}/highlights`, id, files);
        await db.query('INSERT INTO highlight_shares (id, highlight_id, user_id, created_at) VALUES ($1, $2, $3, $4)', [
          shareId,
          id,
          dora.user.id,
          new Date(NOW),
        ]);
        await db.query('ALTER TABLE highlight_shares ADD CONSTRAINT no_writes CHECK (view_count = 0 AND revoked_at IS NULL)');
      });
      const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
        broken.app.inject({ method, url, headers }) as unknown as Promise<Res>;
      const failedPage = async () => {
        const res = await inject('GET', `/s/${shareId}`);
        assert.equal(res.statusCode, 500, res.body.slice(0, 300));
        assert.ok(!res.body.includes(shareId));
      };
      await failedPage(); // recordShareView
      const revoked = await inject('POST', `/api/v1/shares/${shareId}/revoke`, bearer(dora.token));
      assertError(revoked, 500, 'INTERNAL_ERROR');
      assert.ok(!revoked.body.includes(shareId));
      // Reads fail too once the table is gone: findPublicShare from the page and from the media.
      await broken.withDb((db) => db.query('ALTER TABLE highlight_shares RENAME TO highlight_shares_gone'));
      await failedPage();
      const media = await inject('GET', signShortMediaPath(TEST_SECRET, `/media/shares/${shareId}/video`, NOW));
      assertError(media, 500, 'INTERNAL_ERROR');
      assert.ok(!media.body.includes(shareId));
      const failures = errLines.filter((line) => line.includes('request failed'));
      assert.equal(failures.length, 4, errLines.join('\n'));
      const logged = errLines.join('\n');
      assert.ok(/no_writes|highlight_shares/.test(logged), 'the database errors themselves were logged');
      assert.ok(!logged.includes(shareId), `a share id was logged in full:\n${failures.join('\n')}`);
      assert.ok(!logged.includes(shareId.slice(0, 12)), 'a large part of a share id was logged');
    } finally {
      await broken.close();
    }
  });
});
