import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { bearer, signIn, startApp, type SignedIn, type TestApp } from './helpers';

interface Envelope {
  success: boolean;
  error?: string;
  code?: string;
  details?: Record<string, unknown> | null;
}

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
const json = { 'content-type': 'application/json' };

/**
 * Sends `text` on a fresh connection, keeps writing `then` (if any) while the server answers, and resolves
 * with what came back and how long until the server closed the connection.
 */
function exchange(
  port: number,
  text: string,
  opts: { idleMs?: number } = {},
): Promise<{ received: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ received, closedAfterMs: Date.now() - started }));
    socket.write(text);
    if (opts.idleMs) setTimeout(() => socket.destroy(), opts.idleMs);
  });
}

function bodyOf(response: string): Envelope {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as Envelope;
}

describe('bad input on the auth, IdP, error-report and admin routes → 400 with the envelope', () => {
  let t: TestApp;
  let admin: SignedIn;
  before(async () => {
    t = await startApp();
    admin = await signIn(t.app, 'input-admin@example.com', true);
  });
  after(async () => {
    await t.close();
  });

  const cases: [string, () => InjectOptions][] = [
    ['callback: code is an array', () => ({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code: ['a', 'b'] } })],
    [
      'callback: code is an object',
      () => ({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code: { $ne: 1 } } }),
    ],
    [
      'callback: code is huge',
      () => ({ method: 'POST', url: '/api/v1/auth/local/callback', payload: { code: 'x'.repeat(2100) } }),
    ],
    [
      'callback: NUL in code',
      () => ({ method: 'POST', url: '/api/v1/auth/local/callback', headers: json, payload: '{"code":"a\\u0000b"}' }),
    ],
    [
      'callback: lone surrogate',
      () => ({ method: 'POST', url: '/api/v1/auth/local/callback', headers: json, payload: '{"code":"\\udfff"}' }),
    ],
    ['callback: body is an array', () => ({ method: 'POST', url: '/api/v1/auth/local/callback', payload: [1] })],
    ['login: provider name too long', () => ({ method: 'GET', url: `/api/v1/auth/${'p'.repeat(100)}/login` })],
    ['idp authorize GET: repeated state', () => ({ method: 'GET', url: '/idp/authorize?state=a&state=b&redirect_uri=/login' })],
    [
      'idp authorize GET: huge state',
      () => ({ method: 'GET', url: `/idp/authorize?state=${'s'.repeat(600)}&redirect_uri=/login` }),
    ],
    ['idp authorize GET: NUL', () => ({ method: 'GET', url: '/idp/authorize?state=a%00&redirect_uri=/login' })],
    [
      'idp authorize POST: repeated email',
      () => ({
        method: 'POST',
        url: '/idp/authorize',
        headers: formHeaders,
        payload: 'state=s&redirect_uri=/login&email=a@example.com&email=b@example.com',
      }),
    ],
    [
      'idp authorize POST: unknown provider',
      () => ({
        method: 'POST',
        url: '/idp/authorize',
        headers: formHeaders,
        payload: 'state=s&redirect_uri=/login&email=a@example.com&provider=okta',
      }),
    ],
    [
      'idp authorize POST: JSON with a non-string email',
      () => ({ method: 'POST', url: '/idp/authorize', payload: { state: 's', redirect_uri: '/login', email: 5 } }),
    ],
    ['idp logout: repeated returnTo', () => ({ method: 'GET', url: '/idp/logout?returnTo=/login&returnTo=/x' })],
    ['idp logout: huge returnTo', () => ({ method: 'GET', url: `/idp/logout?returnTo=/${'x'.repeat(3000)}` })],
    [
      'errors: message is a number (1e309)',
      () => ({ method: 'POST', url: '/api/v1/errors', headers: json, payload: '{"message":1e309}' }),
    ],
    ['errors: stack is an object', () => ({ method: 'POST', url: '/api/v1/errors', payload: { message: 'm', stack: { a: 1 } } })],
    ['errors: body is a string', () => ({ method: 'POST', url: '/api/v1/errors', headers: json, payload: '"boom"' })],
    [
      'errors: timestamp is not a date',
      () => ({ method: 'POST', url: '/api/v1/errors', payload: { message: 'm', timestamp: 'yesterday' } }),
    ],
    ['errors: url too long', () => ({ method: 'POST', url: '/api/v1/errors', payload: { message: 'm', url: 'u'.repeat(4001) } })],
  ];

  for (const [label, make] of cases) {
    test(label, async () => {
      const res = await t.app.inject(make());
      assert.equal(res.statusCode, 400, res.body);
      const body = res.json() as Envelope;
      assert.equal(body.success, false);
      assert.equal(body.code, 'INVALID_INPUT');
      assert.ok('details' in body);
    });
  }

  test('logout: returnTo that is not a string → 400 (the token is not touched)', async () => {
    const s = await signIn(t.app, 'input-logout@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(s.token),
      payload: { returnTo: 5 },
    });
    assert.equal(res.statusCode, 400);
    assert.equal((res.json() as Envelope).details?.['body.returnTo'], 'must be a string');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(s.token) });
    assert.equal(me.statusCode, 200);
  });

  test('admin: email array, lone surrogate, huge or invalid → 400', async () => {
    for (const payload of [
      '{"email":["a@example.com"]}',
      '{"email":"\\ud800@example.com"}',
      JSON.stringify({ email: `${'a'.repeat(300)}@example.com` }),
      '{"email":"not-an-email"}',
      '{}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/users/revoke',
        headers: { ...bearer(admin.token), ...json },
        payload,
      });
      assert.equal(res.statusCode, 400, payload);
      assert.equal((res.json() as Envelope).code, 'INVALID_INPUT');
    }
  });

  test('the friendly IdP pages stay for what a person can get wrong', async () => {
    const noState = await t.app.inject({ method: 'GET', url: '/idp/authorize?redirect_uri=/login' });
    assert.equal(noState.statusCode, 400);
    assert.match(String(noState.headers['content-type']), /text\/html/);
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      headers: formHeaders,
      payload: 'state=s&redirect_uri=/login&email=nope&provider=apple',
    });
    assert.equal(badEmail.statusCode, 400);
    assert.match(badEmail.body, /id="provider-apple" name="provider" value="apple" checked/);
  });
});

describe('requests Node refuses before routing → the envelope; stalled clients are cut', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startApp({ timeouts: { idleMs: 700, headersMs: 1_000 } });
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  after(async () => {
    await t.close();
  });

  test('a 100 KB request header → 431 HEADERS_TOO_LARGE with the envelope', async () => {
    const { received } = await exchange(
      port,
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Padding: ${'a'.repeat(100 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    assert.match(received, /^HTTP\/1\.1 431 /);
    assert.match(received, /content-type: application\/json/i);
    assert.deepEqual(bodyOf(received), {
      success: false,
      error: 'Request headers are too large',
      code: 'HEADERS_TOO_LARGE',
      details: null,
    });
  });

  test('a malformed request → 400 MALFORMED_REQUEST with the envelope', async () => {
    const { received } = await exchange(port, 'GARBAGE\r\n\r\n');
    assert.match(received, /^HTTP\/1\.1 400 /);
    assert.equal(bodyOf(received).code, 'MALFORMED_REQUEST');
    const badLength = await exchange(
      port,
      `POST /api/v1/errors HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: abc\r\n\r\n`,
    );
    assert.match(badLength.received, /^HTTP\/1\.1 400 /);
    assert.equal(bodyOf(badLength.received).success, false);
  });

  test('a body that stops arriving is cut after the idle limit', async () => {
    const { closedAfterMs } = await exchange(
      port,
      `POST /api/v1/errors HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"message":"`,
      { idleMs: 10_000 },
    );
    assert.ok(closedAfterMs < 5_000, `closed after ${closedAfterMs} ms`);
  });

  test('headers that never finish are cut', async () => {
    const { closedAfterMs, received } = await exchange(
      port,
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: a`,
      {
        idleMs: 10_000,
      },
    );
    assert.ok(closedAfterMs < 5_000, `closed after ${closedAfterMs} ms`);
    if (received) assert.equal(bodyOf(received).success, false);
  });
});

test('URLs the router cannot decode, or with an over-long path segment → the envelope', async () => {
  const t = await startApp();
  try {
    for (const url of ['/api/v1/clips/%', '/api/v1/events/%E0%A4%A', '/idp/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(res.json(), { success: false, error: 'Malformed URL', code: 'INVALID_INPUT', details: null });
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/auth/${'p'.repeat(400)}/login` });
    assert.equal(long.statusCode, 414);
    assert.equal((long.json() as Envelope).code, 'URI_TOO_LONG');
  } finally {
    await t.close();
  }
});
