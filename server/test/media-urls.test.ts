import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { ClipView } from '../lib/clipViews';
import { MEDIA_URL_TTL_SECONDS, signMediaPath, verifyMediaSignature } from '../lib/media';
import { BrowseApp, insertClip, insertEvent } from './browseFixtures';
import { bearer, signIn, type SignedIn } from './helpers';
import type { Envelope } from './mediaFixtures';

/**
 * Signed media URLs are stable within an hour (lib/media.ts signMediaPath): a clip list refetched minutes later
 * answers the very same thumbnailUrl/videoUrl, so the app's <img>/<video> keep their src (no new download, no
 * restarted video), and every URL is still valid for at least 6 h from when it was answered.
 */

const HOUR_MS = 3600_000;
const TTL_MS = MEDIA_URL_TTL_SECONDS * 1000;
/** Ten minutes past an hour: the clock starts inside a window, not on its edge. */
const START = Date.parse('2030-03-01T18:10:00.000Z');

const expOf = (url: string): number => Number(new URL(url, 'http://x').searchParams.get('exp'));

describe('signMediaPath: the expiry is rounded up to a whole hour', () => {
  const secret = randomBytes(32);
  const path = '/media/clips/00000000-0000-4000-8000-000000000000/video';

  test('within one hour every call signs the same URL; the next hour signs another', () => {
    const hour = Date.parse('2030-03-01T18:00:00.000Z');
    const first = signMediaPath(secret, path, hour + 1);
    for (const offset of [1, 999, 1000, 5 * 60_000, 59 * 60_000 + 59_999, HOUR_MS]) {
      assert.equal(signMediaPath(secret, path, hour + offset), first, `+${offset} ms`);
    }
    assert.notEqual(signMediaPath(secret, path, hour + HOUR_MS + 1), first);
  });

  test('every URL is valid at least the TTL from when it is signed, and at most an hour more', () => {
    const base = Date.parse('2030-03-01T18:00:00.000Z');
    for (const offset of [0, 1, 500, 999, 1000, 1001, 30 * 60_000, HOUR_MS - 1, HOUR_MS, HOUR_MS + 1]) {
      const now = base + offset;
      const exp = expOf(signMediaPath(secret, path, now));
      assert.equal(exp % 3600, 0, `+${offset} ms: exp on a whole hour`);
      assert.ok(exp * 1000 >= now + TTL_MS, `+${offset} ms: valid at least ${MEDIA_URL_TTL_SECONDS} s`);
      assert.ok(exp * 1000 < now + TTL_MS + HOUR_MS, `+${offset} ms: valid less than the TTL + 1 h`);
      const url = new URL(signMediaPath(secret, path, now), 'http://x');
      const check = (at: number) =>
        verifyMediaSignature(secret, path, url.searchParams.get('exp'), url.searchParams.get('sig'), at);
      assert.equal(check(now), 'ok');
      assert.equal(check(now + TTL_MS - 1), 'ok', `+${offset} ms: still valid just before the TTL is over`);
      assert.equal(check(exp * 1000), 'expired');
    }
  });
});

describe('clip listings answer the same media URLs within the hour', () => {
  let b: BrowseApp;
  let alice: SignedIn;
  let eventId = '';

  const get = (url: string, token?: string) => b.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const data = async <T>(url: string): Promise<T> => {
    const res = await get(url, alice.token);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return (res.json() as Envelope<T>).data;
  };
  const urlsOf = (clips: ClipView[]) => clips.map((c) => [c.id, c.thumbnailUrl, c.videoUrl]);
  /** Every media URL any clip call answers for Alice, in a fixed order. */
  const allUrls = async () => {
    const event = await data<{ clips: ClipView[] }>(`/api/v1/clips/event/${eventId}?limit=100`);
    const everyone = await data<{ clips: ClipView[] }>(`/api/v1/clips/event/${eventId}?limit=100&allUsers=true`);
    const viaEvents = await data<{ clips: ClipView[] }>(`/api/v1/events/${eventId}/clips?limit=100`);
    const loose = await data<{ clips: ClipView[] }>('/api/v1/clips/unassociated');
    const one = await data<ClipView>(`/api/v1/clips/${event.clips[0]?.id}`);
    return [urlsOf(event.clips), urlsOf(everyone.clips), urlsOf(viaEvents.clips), urlsOf(loose.clips), urlsOf([one])];
  };

  before(async () => {
    b = await BrowseApp.start({}, START);
    alice = await signIn(b.app, 'alice@example.com');
    const bob = await signIn(b.app, 'bob@example.com');
    await b.withDb(async (db) => {
      eventId = await insertEvent(db, { name: 'Final', start: new Date(START - HOUR_MS) });
      for (let i = 0; i < 3; i += 1) {
        await insertClip(db, { userId: alice.user.id, eventId, recordedAt: new Date(START - HOUR_MS + i * 60_000) });
      }
      await insertClip(db, { userId: bob.user.id, eventId, recordedAt: new Date(START - 30 * 60_000) });
      await insertClip(db, { userId: alice.user.id, eventId: null, recordedAt: new Date(START - 2 * HOUR_MS) });
      // Thumbnails too (no files: the URLs are what is checked).
      await db.query(`UPDATE clips SET thumbnail_name = id::text || '.jpg'`);
    });
  });
  after(async () => {
    await b.close();
  });

  test('refetched minutes later, every thumbnailUrl and videoUrl is the same; after the hour they may change', async () => {
    b.clock.set(START);
    const first = await allUrls();
    const flat = first.flat();
    assert.equal(flat.length, 3 + 4 + 3 + 1 + 1);
    assert.ok(flat.every(([, thumb, video]) => typeof thumb === 'string' && typeof video === 'string'));

    // An upload later, a refetch: nothing moves (in the old scheme every exp was new, so every src changed).
    b.clock.advance(5 * 60_000);
    assert.deepEqual(await allUrls(), first);
    // Up to the end of the hour.
    b.clock.set(Date.parse('2030-03-01T19:00:00.000Z'));
    assert.deepEqual(await allUrls(), first);

    // The next hour signs new URLs, again valid at least 6 h from now.
    b.clock.set(Date.parse('2030-03-01T19:00:00.001Z'));
    const next = await allUrls();
    assert.notDeepEqual(next, first);
    for (const [, thumb, video] of next.flat()) {
      for (const url of [thumb, video]) assert.ok(expOf(url ?? '') * 1000 >= b.clock.now() + TTL_MS, String(url));
    }
  });

  test('a URL answered at any moment of the hour still opens 6 h later; it expires at its rounded exp', async () => {
    for (const at of [START, Date.parse('2030-03-01T18:59:59.999Z'), Date.parse('2030-03-01T19:00:00.000Z')]) {
      b.clock.set(at);
      const clip = (await data<{ clips: ClipView[] }>(`/api/v1/clips/event/${eventId}`)).clips[0];
      assert.ok(clip?.thumbnailUrl);
      for (const url of [clip.videoUrl, clip.thumbnailUrl]) {
        const exp = expOf(url);
        assert.equal(exp % 3600, 0);
        assert.ok(exp * 1000 >= at + TTL_MS, `${new Date(at).toISOString()}: ${url}`);
        // Just before 6 h are up the signature still holds (no file behind this fixture: 404, not 403 expired).
        b.clock.set(at + TTL_MS - 1);
        const valid = await get(url);
        assert.equal((valid.json() as Envelope).code, 'MEDIA_NOT_FOUND', `${url}: ${valid.body}`);
        b.clock.set(exp * 1000);
        const expired = await get(url);
        assert.equal(expired.statusCode, 403);
        assert.equal((expired.json() as Envelope).code, 'MEDIA_URL_EXPIRED');
        b.clock.set(at);
      }
    }
  });
});
