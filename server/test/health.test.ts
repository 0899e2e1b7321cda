import assert from 'node:assert/strict';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startApp, type TestApp } from './helpers';
import type { Envelope } from './mediaFixtures';
import { appQueryHolder } from './testDb';

describe('health checks', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => {
    await t.close();
  });

  test('/healthz and /readyz answer for any Host (a probe addresses the server by IP), never cached', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: '10.0.0.7:3000' } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['cache-control'], 'no-store');
    }
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    assert.deepEqual((ready.json() as Envelope).data, {
      status: 'ready',
      checks: { database: 'ok', media: 'ok', server: 'ok' },
    });
    // Other paths still refuse a foreign Host.
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: '10.0.0.7:3000' } });
    assert.equal(other.statusCode, 421);
  });

  test('/readyz answers 503 NOT_READY naming the check that failed; /healthz stays 200', async () => {
    const holder = appQueryHolder();
    const original = holder.query;
    holder.query = function (this: unknown, ...args: unknown[]) {
      if (args[0] === 'SELECT 1') return Promise.reject(new Error('database unreachable'));
      return original.apply(this, args);
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(res.statusCode, 503);
      const body = res.json() as Envelope;
      assert.equal(body.code, 'NOT_READY');
      assert.deepEqual(body.details, { database: 'database unreachable', media: 'ok', server: 'ok' });
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    } finally {
      holder.query = original;
    }

    const uploads = path.join(t.dataDir, 'uploads');
    await rename(uploads, `${uploads}-away`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(res.statusCode, 503);
      assert.match(String((res.json() as Envelope).details?.media), /ENOENT/);
    } finally {
      await rename(`${uploads}-away`, uploads);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });
});
