import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { openTestDb } from './testDb';
import { scrub } from '../lib/redact';
import { newShareId } from '../lib/shareIds';
import { appPageFor, injectNonce } from '../routes/static';
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
    const db = await openTestDb(t.dataDir);
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

describe('error reports never keep a token', () => {
  const random = () => randomBytes(30).toString('base64url');

  test('scrub catches every shape a token travels in', () => {
    const shapes: [string, string][] = [];
    const plant = (make: (secret: string) => string) => {
      const secret = random();
      shapes.push([make(secret), secret]);
    };
    plant((x) => `eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.${x}`);
    plant((x) => `Authorization: Bearer ${x}`);
    plant((x) => `authorization: basic ${x}`);
    plant((x) => `https://app.example/cb?token=${x}&next=/`);
    plant((x) => `https://app.example/cb#access_token=${x}&token_type=bearer`);
    plant((x) => `https://app.example/cb#id_token=${x}`);
    plant((x) => `refresh_token=${x}`);
    plant((x) => `http://127.0.0.1/login?code=${x}&state=s1`);
    plant((x) => `http://127.0.0.1/login?code=c&state=${x}`);
    plant((x) => `/media/clips/1/video?exp=1&sig=${x}`);
    plant((x) => `/idp/logout?returnTo=http%3A%2F%2Flocalhost%2Flogin%3Fcode%3D${x}%26state%3Ds`);
    plant((x) => `{"token":"${x}","user":1}`);
    plant((x) => `bare code ${x} in a message`);
    for (const [text, secret] of shapes) assert.ok(!scrub(text).includes(secret), `${text} → ${scrub(text)}`);
    // A token wrapped over lines (with indentation) is one token.
    const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.${random()}`;
    const wrapped = `token:\n${(jwt.match(/.{1,24}/g) ?? []).join('\n    ')}\nat x`;
    const out = scrub(wrapped);
    for (const piece of jwt.match(/.{1,24}/g) ?? []) assert.ok(!out.includes(piece), `${piece} in ${out}`);
    // The whole run of lines is removed (an adjacent word may go with it: better than a token kept).
    assert.match(out, /^token:\n\[REDACTED\]/);
  });

  test('scrub cuts a share link id in a path to its first 4 characters, as the logs do', () => {
    const id = newShareId();
    const cut = `${id.slice(0, 4)}…`;
    const cases: [string, string][] = [
      [`https://app.example/s/${id}`, `https://app.example/s/${cut}`],
      [`https://app.example/s/${id}?utm=1#t`, `https://app.example/s/${cut}?utm=1#t`],
      [`GET /media/shares/${id}/video?exp=1 failed`, `GET /media/shares/${cut}/video?exp=1 failed`],
      [`{"url":"/api/v1/shares/${id}/revoke"}`, `{"url":"/api/v1/shares/${cut}/revoke"}`],
      [`at watch (https://app.example/S/${id}:1:2)`, `at watch (https://app.example/S/${cut}`],
    ];
    for (const [text, expected] of cases) {
      assert.ok(!scrub(text).includes(id.slice(0, 12)), `${text} → ${scrub(text)}`);
      assert.ok(scrub(text).startsWith(expected), `${text} → ${scrub(text)}`);
    }
    // Other paths keep their segments.
    assert.equal(scrub('/api/v1/highlights/h1/shares'), '/api/v1/highlights/h1/shares');
  });

  test('scrub keeps what makes a report useful', () => {
    for (const text of [
      'TypeError: Cannot read properties of undefined (reading "id")\n    at render (https://app.example/assets/main.3f2a1b9c8d7e6f5a4b3c.js:10:5)',
      'session 3f2a1b9c-8d7e-4f5a-8b3c-2d1e0f9a8b7c, user 9E2A1B9C-8D7E-4F5A-8B3C-2D1E0F9A8B7C',
      '\n    in ClipsPage (created by RouteErrorBoundary)\n    in Suspense',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      'https://app.example/event/upcoming?page=2',
    ]) {
      assert.equal(scrub(text), text);
    }
  });

  test('planted tokens in every field of a report: none is stored (read back from the database)', async () => {
    const t = await startApp();
    try {
      const real = await signIn(t.app, 'planted@example.com');
      const other = await signIn(t.app, 'planted-too@example.com');
      const needles: string[] = [real.token.split('.')[2] ?? '', other.token.split('.')[2] ?? ''];
      const secret = () => {
        const x = random();
        needles.push(x);
        return x;
      };
      const texts = [
        `Request failed for ${real.token} at fetch`,
        `token:\n${(other.token.match(/.{1,24}/g) ?? []).join('\n')}\n`,
        `Authorization: Bearer ${secret()}`,
        `https://app.example/cb?token=${secret()}&next=/`,
        `https://app.example/cb#access_token=${secret()}&token_type=bearer`,
        `http://localhost/login?code=${secret()}&state=${secret()}`,
        `/media/clips/x/video?exp=1&sig=${secret()}`,
        `eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.${secret()}`,
      ];
      const limits: Record<string, number> = {
        message: 4000,
        stack: 32000,
        componentStack: 32000,
        userAgent: 1000,
        url: 4000,
        userId: 200,
        sessionId: 200,
      };
      let planted = 0;
      for (const field of Object.keys(limits)) {
        for (const text of texts) {
          if (text.length > (limits[field] ?? 0)) continue;
          const report: Record<string, string> = { message: 'planted', timestamp: new Date().toISOString(), [field]: text };
          const res = await t.app.inject({ method: 'POST', url: '/api/v1/errors', headers: bearer(real.token), payload: report });
          assert.equal(res.statusCode, 201, `${field}: ${res.body}`);
          planted += 1;
        }
      }
      await t.app.close();
      const db = await openTestDb(t.dataDir);
      try {
        const rows = (await db.query<{ payload: Record<string, unknown> }>('SELECT payload FROM error_reports')).rows;
        assert.equal(rows.length, planted);
        for (const row of rows) {
          const flat = JSON.stringify(row.payload).replace(/\\[nrt]|\s/g, '');
          for (const needle of needles) assert.ok(!flat.includes(needle), `stored: ${JSON.stringify(row.payload)}`);
        }
      } finally {
        await db.close();
      }
    } finally {
      await t.close().catch(() => undefined);
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
    await writeFile(path.join(distDir, 'assets', 'main.abc123.js.map'), '{"version":3,"mappings":"AAAA"}');
    await writeFile(path.join(distDir, 'assets', 'main.abc123.js.map.gz'), 'gzipped map');
    t = await startApp({ distDir });
  });
  after(async () => {
    await t.close();
  });

  test('index.html gets a fresh nonce per request, matching the CSP header', async () => {
    const nonces: string[] = [];
    for (const url of ['/', '/index.html', '/clips', '/highlights/create/ev-1', '/clips/upload', '/event/create?x=1']) {
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

  test('/login gets the prerendered login page with the nonce on its styles; a callback query and /login.html get index.html', async () => {
    await writeFile(
      path.join(distDir, 'login.html'),
      '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><style data-emotion="cs 1" nonce="__CSP_NONCE__">.cs-1{color:red}</style></head><body><div id="root"><main class="cs-1">Welcome</main></div></body></html>',
    );
    try {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/login',
          headers: { accept: 'text/html', 'accept-encoding': encoding },
        });
        assert.equal(res.statusCode, 200);
        const raw = res.rawPayload;
        const body = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString(
          'utf8',
        );
        assert.match(body, /<main class="cs-1">Welcome<\/main>/);
        const nonce = /content="([^"]+)"/.exec(body)?.[1] ?? '';
        assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
        assert.ok(body.includes(`<style data-emotion="cs 1" nonce="${nonce}">`), body);
        assert.ok(String(res.headers['content-security-policy']).includes(`style-src 'self' 'nonce-${nonce}'`));
      }
      for (const url of ['/login?code=abc&state=xyz', '/login.html', '/login/']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        assert.equal(res.statusCode, 200, url);
        assert.doesNotMatch(res.body, /Welcome|__CSP_NONCE__/, url);
        assert.match(res.body, /<script nonce="/, url);
      }
    } finally {
      await rm(path.join(distDir, 'login.html'));
    }
    // A development build has no login.html: /login is index.html.
    const dev = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    assert.equal(dev.statusCode, 200);
    assert.match(dev.body, /<script nonce="/);
  });

  test('appPageFor: /login its prerendered page, index.html for the rest', () => {
    assert.equal(appPageFor('/login'), 'login.html');
    assert.equal(appPageFor('/login?code=a&state=b'), 'index.html');
    assert.equal(appPageFor('/clips'), 'index.html');
    assert.equal(appPageFor('/highlights/create/ev-1'), 'index.html');
    assert.equal(appPageFor('/'), 'index.html');
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
    // A name longer than the file system allows is as missing as any other, also with a compressed copy asked for.
    for (const url of [
      `/assets/${'a'.repeat(300)}.js`,
      `/${'b'.repeat(256)}/x.js`,
      // A name the file system takes, but not with the compressed copy's `.br` or `.gz` after it.
      `/assets/${'d'.repeat(250)}.js`,
      // An encoded slash stays in its name on disk: one name of over 400 bytes.
      `/assets/${'e'.repeat(200)}%2F${'e'.repeat(200)}.js`,
      // Short names, a path longer than the file system takes.
      `/assets/${'f/'.repeat(2100)}x.js`,
    ]) {
      for (const encoding of ['identity', 'gzip, br']) {
        const long = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*', 'accept-encoding': encoding } });
        assert.equal(long.statusCode, 404, `${url.slice(0, 20)}… ${encoding}: ${long.body}`);
        assert.equal((long.json() as { code: string }).code, 'NOT_FOUND');
      }
    }
    const navigation = await t.app.inject({ method: 'GET', url: `/${'c'.repeat(300)}`, headers: { accept: 'text/html' } });
    assert.equal(navigation.statusCode, 200, 'the app answers, with its own not-found screen');
    assert.match(String(navigation.headers['content-type']), /^text\/html/);
  });

  test('source maps are not served (404 envelope, also as navigation or precompressed) unless SOURCE_MAPS=1', async () => {
    for (const [url, headers] of [
      ['/assets/main.abc123.js.map', { accept: '*/*' }],
      ['/assets/main.abc123.js.map', { accept: 'text/html', 'accept-encoding': 'gzip, br' }],
      ['/assets/main.abc123.js%2Emap', { accept: '*/*' }],
      ['/assets/main.abc123.js.map.gz', { accept: '*/*' }],
      ['/assets/missing.js.map?x=1', { accept: '*/*' }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      assert.equal(res.statusCode, 404, url);
      assert.equal((res.json() as { code: string }).code, 'NOT_FOUND');
      assert.doesNotMatch(res.body, /mappings/);
    }
    const withMaps = await startApp({ distDir, sourceMaps: true });
    try {
      const res = await withMaps.app.inject({ method: 'GET', url: '/assets/main.abc123.js.map' });
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /"mappings"/);
    } finally {
      await withMaps.close();
    }
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
