import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, signIn, startApp, type SignedIn, type TestApp } from './helpers';
import { makeVideo, multipart, type Clip, type Envelope } from './mediaFixtures';

/** Who may read what, by id: clips are their owner's; events and locations are shared reference data. */
describe('object-level authorization', () => {
  let t: TestApp;
  let admin: SignedIn;
  let owner: SignedIn;
  let other: SignedIn;
  let clip: Clip;
  let eventId: string;

  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const adminAction = async (action: 'revoke' | 'restore' | 'delete', email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${action}`,
      headers: bearer(admin.token),
      payload: { email },
    });
    assert.equal(res.statusCode, 200, res.body);
  };

  before(async () => {
    t = await startApp();
    admin = await signIn(t.app, 'admin@example.com', true);
    owner = await signIn(t.app, 'owner@example.com');
    other = await signIn(t.app, 'other@example.com');
    const { payload, headers } = multipart([
      { name: 'video', value: await makeVideo(), filename: 'mine.mp4', type: 'video/mp4' },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { ...bearer(owner.token), ...headers },
      payload,
    });
    assert.equal(up.statusCode, 201, up.body);
    clip = (up.json() as Envelope<Clip>).data;
    const ev = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: bearer(admin.token),
      payload: { name: 'Final', sport: 'soccer', startTime: '2030-01-01T10:00:00Z', locationId: 'venue-wrigley' },
    });
    eventId = (ev.json() as Envelope<{ id: string }>).data.id;
  });
  after(async () => {
    await t.close();
  });

  test("GET /clips/{id}: the owner's only; anyone else gets the same 404 as for a clip that does not exist", async () => {
    const mine = await get(`/api/v1/clips/${clip.id}`, owner.token);
    assert.equal(mine.statusCode, 200);
    assert.equal((mine.json() as Envelope<Clip>).data.id, clip.id);

    const theirs = await get(`/api/v1/clips/${clip.id}`, other.token);
    const missing = await get('/api/v1/clips/00000000-0000-4000-8000-000000000000', other.token);
    assert.equal(theirs.statusCode, 404);
    assert.deepEqual(theirs.json(), missing.json());
    assert.equal((theirs.json() as Envelope).code, 'CLIP_NOT_FOUND');
    // An administrator is not the owner either.
    assert.equal((await get(`/api/v1/clips/${clip.id}`, admin.token)).statusCode, 404);
    assert.equal((await get(`/api/v1/clips/${clip.id}`)).statusCode, 401);
  });

  test('GET /events/{id}: any signed-in user, not only its creator; signed-out → 401', async () => {
    const res = await get(`/api/v1/events/${eventId}`, other.token);
    assert.equal(res.statusCode, 200);
    assert.equal((res.json() as Envelope<{ name: string }>).data.name, 'Final');
    assert.equal((await get(`/api/v1/events/${eventId}`)).statusCode, 401);
    const missing = await get('/api/v1/events/00000000-0000-4000-8000-000000000000', other.token);
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as Envelope).code, 'EVENT_NOT_FOUND');
  });

  test('GET /locations/search: an admin-created location is found by every signed-in user', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: bearer(admin.token),
      payload: { name: 'Shared Park', latitude: 40, longitude: -100 },
    });
    assert.equal(created.statusCode, 201);
    const found = (await get('/api/v1/locations/search?q=shared%20park', other.token)).json() as Envelope<{ name: string }[]>;
    assert.deepEqual(
      found.data.map((l) => l.name),
      ['Shared Park'],
    );
  });

  test("signed media URLs stop working while the owner's permissions are revoked and once the owner is deleted", async () => {
    const fresh = (await get(`/api/v1/clips/${clip.id}`, owner.token)).json() as Envelope<Clip>;
    const { videoUrl, thumbnailUrl } = fresh.data;
    assert.ok(thumbnailUrl);
    assert.equal((await get(videoUrl)).statusCode, 200);

    await adminAction('revoke', 'owner@example.com');
    for (const url of [videoUrl, thumbnailUrl]) {
      const res = await get(url);
      assert.equal(res.statusCode, 403, url);
      assert.equal((res.json() as Envelope).code, 'MEDIA_ACCESS_REVOKED');
    }
    await adminAction('restore', 'owner@example.com');
    assert.equal((await get(videoUrl)).statusCode, 200);
    assert.equal((await get(thumbnailUrl)).statusCode, 200);

    await adminAction('delete', 'owner@example.com');
    for (const url of [videoUrl, thumbnailUrl]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.equal((res.json() as Envelope).code, 'CLIP_NOT_FOUND');
    }
  });
});
