import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { REFRESH_LIMIT } from '../routes/auth';
import { spawnServer, tempDir, type ServerProcess } from './helpers';
import { makeVideo, multipart, type Envelope } from './mediaFixtures';
import { startLocalS3, type LocalS3 } from './s3Fixture';
import { dropTestDatabase, onPostgres, testDatabaseUrl } from './testDb';

/*
 * Two server processes on one PostgreSQL database and one DATA_DIR serve one user, each call going to the other
 * server than the one before: whatever one server knew only in its memory would show here as a refused token, a
 * missing clip or tag, a limit counted twice, or a render nobody finishes (docs/deploy.md "Several servers").
 */

type Server = ServerProcess;

function startServer(dataDir: string, databaseUrl: string, env: Record<string, string>): Promise<Server> {
  return spawnServer(dataDir, {
    DATABASE_URL: databaseUrl,
    RENDER_WORKERS: '1',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    ADMIN_EMAILS: 'coach-admin@example.com',
    ...env,
  });
}

/** The S3 variables (docs/deploy.md "Media on object storage") that point a server at the local s3rver. */
function s3Env(s3: LocalS3): Record<string, string> {
  return {
    MEDIA_STORE: `s3://${s3.bucket}`,
    S3_ENDPOINT: s3.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

interface Answer<T> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

async function call<T>(
  server: Server,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-frontend-client': 'true', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.origin}${url}`, {
    method,
    headers,
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body && new Uint8Array(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Envelope<T>, headers: res.headers };
}

/** The stand-in IdP's form on `authorizeAt`, its code redeemed at `redeemAt`: a sign-in spanning both servers. */
async function signInAcross(authorizeAt: Server, redeemAt: Server, email: string): Promise<string> {
  const form = new URLSearchParams({ state: 's', redirect_uri: '/login', provider: 'google', email });
  const res = await fetch(`${authorizeAt.origin}/idp/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  assert.equal(res.status, 302, await res.text());
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const done = await call<{ token: string }>(redeemAt, 'POST', '/api/v1/auth/local/callback', { json: { code } });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return done.body.data?.token ?? '';
}

/**
 * `shared disk`: both servers on one DATA_DIR (media files on it). `s3`: each server on a DATA_DIR of its own and
 * the media in one bucket (a local s3rver), so nothing at all is shared but PostgreSQL and the bucket.
 */
for (const media of ['shared disk', 's3'] as const) {
  describe(
    `two servers on one PostgreSQL (media: ${media}) serve one user alternately`,
    { skip: !onPostgres && 'needs TEST_DATABASE_URL (PostgreSQL)' },
    () => {
      let dataDir = '';
      let otherDir = '';
      let s3: LocalS3 | null = null;
      let a: Server;
      let b: Server;
      let token = '';
      let eventId = '';
      let clipIds: string[] = [];

      before(async () => {
        dataDir = await tempDir('courtside-two-servers-');
        const databaseUrl = await testDatabaseUrl(dataDir);
        assert.ok(databaseUrl);
        s3 = media === 's3' ? await startLocalS3() : null;
        otherDir = s3 ? await tempDir('courtside-two-servers-b-') : dataDir;
        const env = s3 ? s3Env(s3) : {};
        // Started together: one migrates and makes the signing key, the other waits for the first and reads it.
        [a, b] = await Promise.all([startServer(dataDir, databaseUrl, env), startServer(otherDir, databaseUrl, env)]);
      });

      after(async () => {
        await Promise.all([a, b].filter(Boolean).map(stopServer));
        await dropTestDatabase(dataDir);
        await s3?.close();
        await Promise.all([dataDir, otherDir].map((dir) => rm(dir, { recursive: true, force: true })));
      });

      test('sign-in: the code made on one is redeemed on the other; each accepts the token the other signed', async () => {
        const admin = await signInAcross(a, b, 'coach-admin@example.com');
        const location = 'chase-field-phoenix-az'; // from server/data/venues.json, which a server seeds
        const ev = await call<{ id: string }>(a, 'POST', '/api/v1/events', {
          token: admin,
          json: { name: 'Two-server Cup', sport: 'soccer', startTime: '2026-05-01T18:00:00Z', locationId: location },
        });
        assert.equal(ev.status, 201, JSON.stringify(ev.body));
        eventId = ev.body.data?.id ?? '';

        token = await signInAcross(b, a, 'parent@example.com');
        for (const server of [a, b]) {
          const me = await call<{ user: { email: string } }>(server, 'GET', '/api/v1/auth/me', { token });
          assert.equal(me.status, 200);
          assert.equal(me.body.data?.user.email, 'parent@example.com');
        }
      });

      test('refresh limit: refreshes on both count against one limit', async () => {
        const signIn = await signInAcross(a, b, 'refresher@example.com');
        for (let i = 0; i < REFRESH_LIMIT; i += 1) {
          const r = await call(i % 2 === 0 ? a : b, 'POST', '/api/v1/auth/verify/refresh', { token: signIn });
          assert.equal(r.status, 200, `refresh ${i + 1}: ${JSON.stringify(r.body)}`);
        }
        for (const server of [a, b]) {
          const over = await call(server, 'POST', '/api/v1/auth/verify/refresh', { token: signIn });
          assert.equal(over.status, 429);
          assert.equal(over.body.code, 'RATE_LIMITED');
        }
      });

      test('uploads: a clip uploaded to one is listed and streamed by the other', async () => {
        const video = await makeVideo({ seconds: 3, size: '320x240', creationTime: '2026-05-01T18:10:00Z' });
        for (const [i, server] of [a, b].entries()) {
          const { payload, headers } = multipart([
            { name: 'eventId', value: eventId },
            { name: 'video', value: video, filename: `angle-${i + 1}.mp4`, type: 'video/mp4' },
          ]);
          const up = await call<{ id: string }>(server, 'POST', '/api/v1/uploads', { token, headers, body: payload });
          assert.equal(up.status, 201, JSON.stringify(up.body));
          clipIds.push(up.body.data?.id ?? '');
        }
        for (const [i, server] of [b, a].entries()) {
          const clip = await call<{ id: string; videoUrl: string }>(server, 'GET', `/api/v1/clips/${clipIds[i]}`, { token });
          assert.equal(clip.status, 200, JSON.stringify(clip.body));
          const media = await fetch(new URL(clip.body.data?.videoUrl ?? '', server.origin), { headers: { range: 'bytes=0-99' } });
          assert.equal(media.status, 206);
          assert.equal((await media.arrayBuffer()).byteLength, 100);
        }
        clipIds = clipIds.filter(Boolean);
      });

      test('tags: a tag made on one is listed by the other; its retry on the other is the same tag', async () => {
        const tag = { timestamp: '2026-05-01T18:10:01Z', eventId, metadata: { description: 'Goal' } };
        const headers = { 'idempotency-key': 'tap-1' };
        const first = await call<{ id: string }>(a, 'POST', '/api/v1/tags', { token, json: tag, headers });
        assert.equal(first.status, 201, JSON.stringify(first.body));
        const retry = await call<{ id: string }>(b, 'POST', '/api/v1/tags', { token, json: tag, headers });
        assert.ok(retry.status === 200 || retry.status === 201, JSON.stringify(retry.body));
        assert.equal(retry.body.data?.id, first.body.data?.id);
        const listed = await call<{ id: string }[]>(b, 'GET', '/api/v1/tags', { token });
        assert.deepEqual(
          listed.body.data?.map((t) => t.id),
          [first.body.data?.id],
        );
      });

      test('render: a highlight asked of one is rendered by a worker of either and served by both', async () => {
        const returnUrl = `${a.origin}/highlights/view`;
        const session = await call<{ id: string; token: string }>(a, 'POST', '/api/v1/editor-sessions', {
          token,
          json: { eventId, clipIds, returnUrl },
        });
        assert.equal(session.status, 201, JSON.stringify(session.body));
        const trade = await call<{ credential: string }>(
          b,
          'POST',
          `/api/v1/editor-sessions/${session.body.data?.id}/credential`,
          {
            json: { token: session.body.data?.token },
          },
        );
        assert.equal(trade.status, 200, JSON.stringify(trade.body));
        const credential = trade.body.data?.credential ?? '';
        const rendered = await call<{ highlightId: string }>(
          a,
          'POST',
          `/api/v1/editor-sessions/${session.body.data?.id}/render`,
          {
            headers: { 'x-editor-credential': credential },
            json: {
              title: 'Both angles',
              clips: clipIds.map((clipId) => ({ clipId, inSeconds: 0, outSeconds: 2 })),
            },
          },
        );
        assert.equal(rendered.status, 201, JSON.stringify(rendered.body));
        const id = rendered.body.data?.highlightId ?? '';

        const deadline = Date.now() + 90_000;
        let stage = '';
        for (let turn = 0; Date.now() < deadline; turn += 1) {
          const h = await call<{ highlight: { render: { stage: string } } }>(
            turn % 2 ? a : b,
            'GET',
            `/api/v1/highlights/${id}`,
            {
              token,
            },
          );
          stage = h.body.data?.highlight.render.stage ?? '';
          if (stage === 'done' || stage === 'failed') break;
          await new Promise((r) => setTimeout(r, 300));
        }
        assert.equal(stage, 'done', `${a.output()}\n${b.output()}`);

        const streamUrl = await call<{ streamUrl: string }>(b, 'GET', `/api/v1/highlights/${id}/stream-url`, { token });
        assert.equal(streamUrl.status, 200);
        // Signed by B, fetched from A.
        const video = await fetch(new URL(streamUrl.body.data?.streamUrl ?? '', a.origin), { headers: { range: 'bytes=0-' } });
        assert.equal(video.status, 206);
        assert.match(video.headers.get('content-type') ?? '', /video\/mp4/);

        const downloadUrl = await call<{ downloadUrl: string }>(a, 'GET', `/api/v1/highlights/${id}/download-url`, { token });
        const download = await fetch(new URL(downloadUrl.body.data?.downloadUrl ?? '', b.origin));
        assert.equal(download.status, 200);
        assert.match(download.headers.get('content-disposition') ?? '', /^attachment; filename="both_angles/i);
        assert.ok((await download.arrayBuffer()).byteLength > 1000);
        if (s3) assert.ok((await s3.keys()).includes(`highlights/${id}.mp4`), 'the highlight is in the bucket');
      });

      test('sign-out on one ends the token on the other', async () => {
        const out = await call(b, 'POST', '/api/v1/auth/logout', { token, json: {} });
        assert.equal(out.status, 200);
        const me = await call(a, 'GET', '/api/v1/auth/me', { token });
        assert.equal(me.status, 401);
        assert.equal(me.body.code, 'TOKEN_REVOKED');
      });
    },
  );
}
