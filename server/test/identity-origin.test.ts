import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { acceptedOrigins, OriginConfigError, parsePublicOrigin } from '../lib/origin';
import { startApp, type TestApp } from './helpers';

interface Envelope {
  success: boolean;
  code?: string;
  data?: { authUrl?: string };
}

const EVIL = 'evil.example';

async function authUrl(app: FastifyInstance, headers: Record<string, string>): Promise<URL> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/local/login', headers });
  assert.equal(res.statusCode, 200, res.body);
  return new URL((res.json() as Envelope).data?.authUrl ?? '');
}

function form(fields: Record<string, string>): { headers: Record<string, string>; payload: string } {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ state: 's', provider: 'google', email: 'o@example.com', ...fields }).toString(),
  };
}

/** Sends raw bytes and returns what came back once the server closed the connection. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(text);
  });
}

describe('public origin (PUBLIC_ORIGIN=http://localhost:3000)', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ publicOrigin: 'http://localhost:3000/' });
  });
  after(async () => {
    await t.close();
  });

  test('any other Host → 421 MISDIRECTED_REQUEST with the envelope, on API, IdP and app routes', async () => {
    const sends = [
      { method: 'GET' as const, url: '/api/v1/health' },
      { method: 'GET' as const, url: '/api/v1/auth/local/login' },
      { method: 'GET' as const, url: '/idp/authorize?state=x&redirect_uri=/login', headers: { accept: 'text/html' } },
      { method: 'GET' as const, url: '/', headers: { accept: 'text/html' } },
      { method: 'POST' as const, url: '/idp/authorize', ...form({ redirect_uri: '/login' }) },
    ];
    for (const host of [EVIL, 'localhost', 'localhost:80', 'localhost:3001', `localhost:3000.${EVIL}`, '']) {
      for (const s of sends) {
        const res = await t.app.inject({ ...s, headers: { ...s.headers, host } });
        assert.equal(res.statusCode, 421, `${host} ${s.url}`);
        const body = res.json() as Envelope;
        assert.equal(body.success, false);
        assert.equal(body.code, 'MISDIRECTED_REQUEST');
        assert.doesNotMatch(res.body, /evil/);
      }
    }
  });

  test('links are built from the accepted origin the request arrived on (localhost or 127.0.0.1)', async () => {
    const viaName = await authUrl(t.app, { host: 'localhost:3000' });
    assert.equal(viaName.origin, 'http://localhost:3000');
    assert.equal(viaName.searchParams.get('redirect_uri'), 'http://localhost:3000/login');
    const viaIp = await authUrl(t.app, { host: '127.0.0.1:3000' });
    assert.equal(viaIp.origin, 'http://127.0.0.1:3000');
    assert.equal(viaIp.searchParams.get('redirect_uri'), 'http://127.0.0.1:3000/login');
    // Case differences in the Host are the same host.
    assert.equal((await authUrl(t.app, { host: 'LocalHost:3000' })).origin, 'http://localhost:3000');
  });

  test('X-Forwarded-Host/Proto are ignored without TRUST_PROXY', async () => {
    const url = await authUrl(t.app, { host: 'localhost:3000', 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' });
    assert.equal(url.origin, 'http://localhost:3000');
  });

  test("the IdP's redirect with the code stays on the request's origin; the other loopback name is not it", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      ...form({ redirect_uri: '/login' }),
      headers: { ...form({}).headers, host: '127.0.0.1:3000' },
    });
    assert.equal(res.statusCode, 302);
    assert.ok(String(res.headers.location).startsWith('http://127.0.0.1:3000/login?code='));
    const cross = await t.app.inject({
      method: 'POST',
      url: '/idp/authorize',
      ...form({ redirect_uri: 'http://localhost:3000/login' }),
      headers: { ...form({}).headers, host: '127.0.0.1:3000' },
    });
    assert.equal(cross.statusCode, 400);
    assert.equal(cross.headers.location, undefined);
  });
});

describe('public origin behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({
      publicOrigin: 'https://courtside.example',
      trustProxy: true,
      identity: { kind: 'standin', explicit: true },
    });
  });
  after(async () => {
    await t.close();
  });

  test('X-Forwarded-Host is what is checked; links use the public scheme', async () => {
    const url = await authUrl(t.app, { host: 'app-1.internal:3000', 'x-forwarded-host': 'courtside.example' });
    assert.equal(url.origin, 'https://courtside.example');
    const evil = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/local/login',
      headers: { host: 'courtside.example', 'x-forwarded-host': EVIL },
    });
    assert.equal(evil.statusCode, 421);
    // Without the forwarded header the Host itself must be the public one (443 is its default port).
    assert.equal((await authUrl(t.app, { host: 'courtside.example:443' })).origin, 'https://courtside.example');
    const internal = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: 'app-1.internal:3000' } });
    assert.equal(internal.statusCode, 421);
    // No loopback twin for a public name.
    const loop = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: '127.0.0.1' } });
    assert.equal(loop.statusCode, 421);
  });
});

describe('default public origin: http://localhost:<listening port>', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => {
    await t.close();
  });

  test('before listen it is http://localhost (what inject sends); after listen, the real port', async () => {
    assert.equal((await authUrl(t.app, {})).origin, 'http://localhost');
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const port = Number(address.port);
    const viaIp = await fetch(`${address.origin}/api/v1/auth/local/login`);
    assert.equal(viaIp.status, 200);
    const body = (await viaIp.json()) as Envelope;
    assert.equal(new URL(body.data?.authUrl ?? '').origin, `http://127.0.0.1:${port}`);
    const named = await raw(
      port,
      `GET /api/v1/auth/local/login HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`,
    );
    assert.match(named, /^HTTP\/1\.1 200/);
    assert.ok(named.includes(`http://localhost:${port}/idp/authorize`));
    const evil = await raw(port, `GET /api/v1/health HTTP/1.1\r\nHost: ${EVIL}\r\nConnection: close\r\n\r\n`);
    assert.match(evil, /^HTTP\/1\.1 421/);
    assert.match(evil, /"code":"MISDIRECTED_REQUEST"/);
    // HTTP/1.0 without any Host header.
    const none = await raw(port, 'GET /api/v1/health HTTP/1.0\r\n\r\n');
    assert.match(none, /^HTTP\/1\.1 421/);
  });
});

describe('PUBLIC_ORIGIN parsing', () => {
  test('normalises an origin and refuses anything else', async () => {
    assert.equal(parsePublicOrigin('HTTPS://Courtside.Example:443/'), 'https://courtside.example');
    assert.equal(parsePublicOrigin('http://127.0.0.1:8080'), 'http://127.0.0.1:8080');
    for (const bad of [
      'localhost:3000',
      'ftp://x.example',
      'http://x.example/app',
      'http://u:p@x.example',
      'http://x.example/?a=1',
      '',
    ]) {
      assert.throws(() => parsePublicOrigin(bad), OriginConfigError, bad);
    }
    const dataDir = path.join(os.tmpdir(), `courtside-never-${process.pid}`);
    await assert.rejects(buildApp({ dataDir, publicOrigin: 'http://x.example/app' }), OriginConfigError);
    assert.ok(!existsSync(dataDir), 'a configuration error must stop the start before DATA_DIR is touched');
  });

  test('loopback names accept their twin; other names do not', () => {
    assert.deepEqual(acceptedOrigins('http://localhost:3000'), ['http://localhost:3000', 'http://127.0.0.1:3000']);
    assert.deepEqual(acceptedOrigins('http://127.0.0.1:9'), ['http://127.0.0.1:9', 'http://localhost:9']);
    assert.deepEqual(acceptedOrigins('https://courtside.example'), ['https://courtside.example']);
  });
});
