import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDb } from '../db';
import { scrub } from '../routes/errors';
import { injectNonce } from '../routes/static';
import { bearer, signIn, startApp, tempDir, type TestApp } from './helpers';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1c2VySWQiOiJhYmMiLCJpYXQiOjEsImV4cCI6Mn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('error reports', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => {
    await t.close();
  });

  test('scrub removes JWTs, token= values, codes in URLs and bearer values', () => {
    const out = scrub(`failed with ${JWT} at http://x/login?code=abc123&state=s1 token=zzz Bearer qqq access_token=yyy`);
    assert.doesNotMatch(out, /eyJ|abc123|zzz|qqq|yyy|s1\b/);
    assert.match(out, /\[REDACTED_JWT\]/);
    assert.equal(scrub('TypeError: x is undefined at main.3f2a1b.js:10:5'), 'TypeError: x is undefined at main.3f2a1b.js:10:5');
  });

  test('stores a scrubbed report (auth optional) → 201 {id}', async () => {
    const s = await signIn(t.app, 'crash@example.com');
    const report = {
      message: `Boom with ${JWT}`,
      stack: 'Error: Boom\n    at render (app.js:1:1)',
      componentStack: '\n    in App',
      timestamp: new Date().toISOString(),
      userAgent: 'test',
      url: `http://localhost:3000/clips?token=${JWT}`,
      userId: s.user.id,
      sessionId: 'sess-1',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/errors', headers: bearer(s.token), payload: report });
    assert.equal(res.statusCode, 201);
    const id = (res.json() as { data: { id: string } }).data.id;
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/errors', payload: { message: 'anon' } });
    assert.equal(anon.statusCode, 201);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/v1/errors', payload: { message: 5 } });
    assert.equal(invalid.statusCode, 400);
    assert.equal((invalid.json() as { code: string }).code, 'INVALID_INPUT');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/errors',
      payload: { message: 'x', stack: 'y'.repeat(70_000) },
    });
    assert.equal(huge.statusCode, 413);
    await t.app.close();
    const db = await openDb(t.dataDir);
    try {
      const r = await db.query<{ payload: Record<string, unknown> }>('SELECT payload FROM error_reports WHERE id = $1', [id]);
      const stored = JSON.stringify(r.rows[0]?.payload);
      assert.doesNotMatch(stored, /eyJ/);
      assert.match(stored, /Boom with \[REDACTED_JWT\]/);
      assert.match(stored, /token=\[REDACTED\]/);
      const anonRow = await db.query<{ payload: { userId: string; sessionId: string } }>(
        "SELECT payload FROM error_reports WHERE payload->>'message' = 'anon'",
      );
      assert.equal(anonRow.rows[0]?.payload.userId, 'anonymous');
      assert.equal(anonRow.rows[0]?.payload.sessionId, 'unknown');
    } finally {
      await db.close();
    }
  });
});

describe('static app, CSP and history fallback', () => {
  let t: TestApp;
  let distDir: string;
  before(async () => {
    distDir = await tempDir('courtside-dist-');
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><script nonce="__CSP_NONCE__" src="/assets/main.abc123.js"></script></head><body></body></html>',
    );
    await writeFile(path.join(distDir, 'assets', 'main.abc123.js'), 'console.log("hi")');
    await writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *');
    t = await startApp({ distDir });
  });
  after(async () => {
    await t.close();
  });

  test('index.html gets a fresh nonce per request, matching the CSP header', async () => {
    const nonces: string[] = [];
    for (const url of ['/', '/index.html', '/clips/upload', '/event/create?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 200, url);
      assert.doesNotMatch(res.body, /__CSP_NONCE__/);
      const nonce = /content="([^"]+)"/.exec(res.body)?.[1] ?? '';
      assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
      assert.match(res.body, new RegExp(`<script nonce="${nonce.replace(/[+/]/g, '\\$&')}"`));
      const csp = String(res.headers['content-security-policy']);
      assert.ok(csp.includes(`script-src 'self' 'nonce-${nonce}'`), csp);
      assert.ok(csp.includes(`style-src 'self' 'nonce-${nonce}'`), csp);
      for (const d of [
        "default-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
      ]) {
        assert.ok(csp.includes(d), d);
      }
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin');
      nonces.push(nonce);
    }
    assert.equal(new Set(nonces).size, nonces.length);
  });

  test('unquoted placeholders (minified HTML) are quoted', () => {
    assert.equal(
      injectNonce(
        '<meta name=csp-nonce content=__CSP_NONCE__><script nonce="__CSP_NONCE__" src=/a.js></script><x n=__CSP_NONCE__/>',
        'ab+/c==',
      ),
      '<meta name=csp-nonce content="ab+/c=="><script nonce="ab+/c==" src=/a.js></script><x n="ab+/c=="/>',
    );
  });

  test('hashed assets are immutable; other files no-cache; API and non-HTML misses are 404 envelopes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.abc123.js' });
    assert.equal(asset.statusCode, 200);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    assert.equal(robots.headers['cache-control'], 'no-cache');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown', headers: { accept: 'text/html' } });
    assert.equal(api.statusCode, 404);
    assert.equal((api.json() as { code: string }).code, 'NOT_FOUND');
    const json = await t.app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
    assert.equal(json.statusCode, 404);
  });

  test('without a build, GET / answers 503 telling to run npm run build', async () => {
    const bare = await startApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 503);
      assert.match(res.body, /npm run build/);
    } finally {
      await bare.close();
    }
  });
});
