import assert from 'node:assert/strict';
import { stat, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../app';
import { openDb } from '../db';
import { bearer, signIn, tempDir, TEST_VENUES } from './helpers';

test('data and signing secret survive a restart on the same DATA_DIR; migrations are recorded once', async () => {
  const dataDir = await tempDir();
  const distDir = path.join(dataDir, 'no-dist');
  try {
    const first = await buildApp({ dataDir, distDir, venues: TEST_VENUES });
    const s = await signIn(first, 'keeper@example.com', true);
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
      assert.deepEqual(
        m.rows.map((r) => r.name),
        ['001_init.sql', '002_locations_events_clips.sql'],
      );
      const users = await db.query<{ email: string }>('SELECT email FROM users');
      assert.deepEqual(users.rows, [{ email: 'keeper@example.com' }]);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
