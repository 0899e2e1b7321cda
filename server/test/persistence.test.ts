import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../app';
import { openDb } from '../db';
import { bearer, signIn, tempDir, TEST_VENUES } from './helpers';

test('data and signing secret survive a restart on the same DATA_DIR; migrations are recorded once', async () => {
  const dataDir = await tempDir();
  const distDir = path.join(dataDir, 'no-dist');
  try {
    const first = await buildApp({ dataDir, distDir, venues: TEST_VENUES, adminEmails: ['keeper@example.com'] });
    const s = await signIn(first, 'keeper@example.com');
    assert.deepEqual(s.user.roles, ['USER', 'ADMIN']);
    const secret1 = await readFile(path.join(dataDir, 'secret.key'));
    assert.equal(secret1.length, 32);
    assert.equal((await stat(path.join(dataDir, 'secret.key'))).mode & 0o777, 0o600);
    await first.close();

    const second = await buildApp({ dataDir, distDir, venues: TEST_VENUES });
    try {
      assert.deepEqual(await readFile(path.join(dataDir, 'secret.key')), secret1);
      // The old token still verifies (same secret) and the user is still there.
      const me = await second.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(s.token) });
      assert.equal(me.statusCode, 200);
      const body = me.json() as { data: { user: { id: string; email: string; roles: string[] } } };
      assert.deepEqual(body.data.user, s.user);
    } finally {
      await second.close();
    }

    const db = await openDb(dataDir);
    try {
      const m = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      const names = m.rows.map((r) => r.name);
      // Later migrations (004+) may follow.
      assert.deepEqual(names.slice(0, 3), ['001_init.sql', '002_locations_events_clips.sql', '003_sign_ins.sql']);
      const users = await db.query<{ email: string }>('SELECT email FROM users');
      assert.deepEqual(users.rows, [{ email: 'keeper@example.com' }]);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('admin CLI changes the DB when the server is stopped and refuses while it runs', async () => {
  const dataDir = await tempDir();
  const distDir = path.join(dataDir, 'no-dist');
  const cli = (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '..', 'admin-cli.ts'), ...args, '--data-dir', dataDir],
      {
        encoding: 'utf8',
      },
    );
  try {
    const app = await buildApp({ dataDir, distDir, venues: TEST_VENUES });
    const s = await signIn(app, 'cli@example.com');
    const busy = cli('promote', 'cli@example.com');
    assert.equal(busy.status, 1);
    assert.match(busy.stderr, /in use by process/);
    await app.close();

    const promoted = cli('promote', 'cli@example.com');
    assert.equal(promoted.status, 0, promoted.stderr);
    assert.match(promoted.stdout, /roles=USER,ADMIN/);
    assert.equal(cli('revoke', 'cli@example.com').status, 0);
    assert.equal(cli('revoke', 'nobody@example.com').status, 1);
    assert.equal(cli('explode', 'cli@example.com').status, 2);

    const again = await buildApp({ dataDir, distDir, venues: TEST_VENUES });
    try {
      const me = await again.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(s.token) });
      assert.equal(me.statusCode, 403);
      assert.equal((me.json() as { code: string }).code, 'PERMISSION_REVOKED');
    } finally {
      await again.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
