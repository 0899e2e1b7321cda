import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { revokeUserSignIns, startSignIn } from '../lib/signIns';
import { appSigningKey, openTestDb, testDatabaseUrl, testDbOptions } from './testDb';
import { bearer, signIn, startApp, tempDir, type TestApp } from './helpers';

interface Envelope<T = unknown> {
  success: boolean;
  data: T;
  code?: string;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

/** A token signed with the server's own key over arbitrary claims (what an older server issued, or worse). */
function mint(key: Buffer, claims: Record<string, unknown>): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

async function me(app: FastifyInstance, token: string): Promise<{ status: number; code?: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
  return { status: res.statusCode, code: (res.json() as Envelope).code };
}

async function refresh(app: FastifyInstance, token: string): Promise<{ status: number; code?: string; token: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(token) });
  const body = res.json() as Envelope<{ token: string }>;
  return { status: res.statusCode, code: body.code, token: body.data?.token ?? '' };
}

async function logout(app: FastifyInstance, token: string): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token), payload: {} });
  return res.statusCode;
}

describe('sign-ins', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => {
    await t.close();
  });

  test('a refresh keeps the sign-in id (sid) and gets a new jti', async () => {
    const s = await signIn(t.app, 'sid@example.com');
    const r = await refresh(t.app, s.token);
    assert.equal(r.status, 200);
    const before = claimsOf(s.token);
    const after = claimsOf(r.token);
    assert.match(String(before.sid), /^[0-9a-f-]{36}$/);
    assert.equal(after.sid, before.sid);
    assert.notEqual(after.jti, before.jti);
    const other = await signIn(t.app, 'sid@example.com');
    assert.notEqual(claimsOf(other.token).sid, before.sid);
  });

  test('logout with the refreshed token also ends the token from before the refresh', async () => {
    const s = await signIn(t.app, 'whole@example.com');
    const r = await refresh(t.app, s.token);
    assert.equal(await logout(t.app, r.token), 200);
    for (const token of [s.token, r.token]) {
      assert.deepEqual(await me(t.app, token), { status: 401, code: 'TOKEN_REVOKED' });
      const again = await refresh(t.app, token);
      assert.equal(again.status, 401);
      assert.equal(again.code, 'TOKEN_REVOKED');
    }
    // Logging out again (the app retries failed logouts) is still fine.
    assert.equal(await logout(t.app, s.token), 200);
  });

  test('logout ends only its own sign-in', async () => {
    const a = await signIn(t.app, 'two-tabs@example.com');
    const b = await signIn(t.app, 'two-tabs@example.com');
    assert.equal(await logout(t.app, a.token), 200);
    assert.equal((await me(t.app, a.token)).status, 401);
    assert.equal((await me(t.app, b.token)).status, 200);
  });

  test('an expired token can still be logged out, and that ends the sign-in for its fresher tokens', async () => {
    const s = await signIn(t.app, 'late@example.com');
    t.clock.advance(3000_000);
    const fresh = await refresh(t.app, s.token);
    assert.equal(fresh.status, 200);
    t.clock.advance(1000_000); // the first token is now past exp and grace
    assert.equal((await me(t.app, s.token)).code, 'TOKEN_EXPIRED');
    assert.equal(await logout(t.app, s.token), 200);
    assert.deepEqual(await me(t.app, fresh.token), { status: 401, code: 'TOKEN_REVOKED' });
  });

  test('the refresh limit counts per sign-in: exhausting one does not limit another of the same user', async () => {
    const a = await signIn(t.app, 'limited@example.com');
    const b = await signIn(t.app, 'limited@example.com');
    for (let i = 0; i < 10; i++) assert.equal((await refresh(t.app, a.token)).status, 200, `refresh ${i + 1}`);
    const limited = await refresh(t.app, a.token);
    assert.equal(limited.status, 429);
    assert.equal(limited.code, 'RATE_LIMITED');
    // The header says the same wait as the body: the window frees up within the minute, not after a fixed 60 s.
    t.clock.advance(20_000);
    const later = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify/refresh', headers: bearer(a.token) });
    const wait = (later.json() as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds;
    assert.equal(later.statusCode, 429);
    assert.equal(later.headers['retry-after'], String(wait));
    assert.ok(wait > 0 && wait <= 40, `wait ${wait}`);
    assert.equal((await refresh(t.app, b.token)).status, 200);
  });

  test('tokens without a sid, with a malformed one, or an unknown one → 401, never a crash', async () => {
    const key = await appSigningKey(t.dataDir);
    const s = await signIn(t.app, 'legacy@example.com');
    const now = Math.floor(t.clock.now() / 1000);
    const base = { userId: s.user.id, iat: now, exp: now + 3600, jti: randomUUID() };
    const legacy = mint(key, base);
    for (const token of [legacy, mint(key, { ...base, sid: 'not-a-uuid' }), mint(key, { ...base, sid: 42 })]) {
      assert.deepEqual(await me(t.app, token), { status: 401, code: 'INVALID_TOKEN' });
      assert.equal((await refresh(t.app, token)).status, 401);
      assert.equal(await logout(t.app, token), 401);
    }
    const unknown = mint(key, { ...base, sid: randomUUID() });
    assert.deepEqual(await me(t.app, unknown), { status: 401, code: 'TOKEN_REVOKED' });
    // Another user's sign-in id does not open it either.
    const other = mint(key, { ...base, sid: claimsOf((await signIn(t.app, 'other@example.com')).token).sid });
    assert.deepEqual(await me(t.app, other), { status: 401, code: 'TOKEN_REVOKED' });
  });

  for (const action of ['revoke', 'delete'] as const) {
    test(`admin ${action} ends all of the user's sign-ins; restore does not bring them back`, async () => {
      const admin = await signIn(t.app, `boss-${action}@example.com`, true);
      const email = `target-${action}@example.com`;
      const first = await signIn(t.app, email);
      const second = await signIn(t.app, email);
      const refreshed = await refresh(t.app, first.token);
      const post = (a: string) =>
        t.app.inject({ method: 'POST', url: `/api/v1/admin/users/${a}`, headers: bearer(admin.token), payload: { email } });
      assert.equal((await post(action)).statusCode, 200);
      const expected =
        action === 'revoke' ? { status: 403, code: 'PERMISSION_REVOKED' } : { status: 401, code: 'USER_NOT_FOUND' };
      for (const token of [first.token, second.token, refreshed.token]) assert.deepEqual(await me(t.app, token), expected);
      assert.equal((await post('restore')).statusCode, 200);
      for (const token of [first.token, second.token, refreshed.token]) {
        assert.deepEqual(await me(t.app, token), { status: 401, code: 'TOKEN_REVOKED' });
      }
      const back = await signIn(t.app, email);
      assert.equal((await me(t.app, back.token)).status, 200);
      // The admin's own sign-in was not touched.
      assert.equal((await me(t.app, admin.token)).status, 200);
    });
  }
});

test('the admin CLI ends the sign-ins of the user it revokes', async () => {
  const t = await startApp();
  const distDir = path.join(t.dataDir, 'no-dist');
  const s = await signIn(t.app, 'cli-target@example.com');
  const databaseUrl = await testDatabaseUrl(t.dataDir);
  await t.app.close();
  const cli = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '..', 'admin-cli.ts'), ...args, '--data-dir', t.dataDir],
      { encoding: 'utf8', env: { ...process.env, DATABASE_URL: databaseUrl ?? '' } },
    );
  try {
    assert.equal(cli('revoke', 'cli-target@example.com').status, 0);
    assert.equal(cli('restore', 'cli-target@example.com').status, 0);
    const again = await buildApp({ dataDir: t.dataDir, distDir, venues: [], ...(await testDbOptions(t.dataDir)) });
    try {
      assert.deepEqual(await me(again, s.token), { status: 401, code: 'TOKEN_REVOKED' });
    } finally {
      await again.close();
    }
  } finally {
    await t.close();
  }
});

test('housekeeping forgets ended sign-ins after a day; their tokens stay refused', async () => {
  const t = await startApp({ tokenTtlSeconds: 3 * 24 * 3600 });
  const distDir = path.join(t.dataDir, 'no-dist');
  const s = await signIn(t.app, 'pruned@example.com');
  const kept = await signIn(t.app, 'pruned@example.com');
  assert.equal(await logout(t.app, s.token), 200);
  await t.app.close();
  t.clock.advance(25 * 3600_000);
  const again = await buildApp({
    dataDir: t.dataDir,
    distDir,
    venues: [],
    now: t.clock.now,
    tokenTtlSeconds: 3 * 24 * 3600,
    ...(await testDbOptions(t.dataDir)),
  });
  try {
    assert.deepEqual(await me(again, s.token), { status: 401, code: 'TOKEN_REVOKED' });
    assert.equal((await me(again, kept.token)).status, 200);
  } finally {
    await again.close();
  }
  const db = await openTestDb(t.dataDir);
  try {
    const rows = await db.query<{ id: string }>('SELECT id FROM sign_ins');
    assert.deepEqual(
      rows.rows.map((r) => r.id),
      [claimsOf(kept.token).sid],
    );
  } finally {
    await db.close();
    await t.close().catch(() => undefined);
  }
});

test('a sign-in started while an admin revokes the user is refused or ended with the others, never outlives it', async () => {
  const dir = await tempDir('courtside-signin-race-');
  const db = await openTestDb(dir);
  try {
    const now = new Date('2030-01-01T00:00:00Z');
    const later = new Date('2030-01-02T00:00:00Z');
    const user = await db.query<{ id: string }>(`INSERT INTO users (email) VALUES ('race@example.com') RETURNING id`);
    const userId = user.rows[0]!.id;
    assert.ok(await startSignIn(db, userId, now, later), 'a usable user signs in');

    // The revoke holds its transaction open while the sign-in is asked for.
    let signInAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (signInAsked = resolve));
    const revoke = db.transaction(async (tx) => {
      await tx.query('UPDATE users SET permissions_revoked = true WHERE id = $1', [userId]);
      await revokeUserSignIns(tx, userId, now);
      signInAsked();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await asked;
    const started = await startSignIn(db, userId, now, later);
    await revoke;
    const open = await db.query('SELECT id FROM sign_ins WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
    assert.equal(started, null, 'the sign-in waited for the revoke and saw it');
    assert.equal(open.rows.length, 0, 'no sign-in of the revoked user is open');

    await db.query('UPDATE users SET permissions_revoked = false, deleted_at = $2 WHERE id = $1', [userId, now]);
    assert.equal(await startSignIn(db, userId, now, later), null, 'a deleted user does not sign in');
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
});
