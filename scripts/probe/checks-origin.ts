/** Hole 3 (one public origin) and the source-map part of hole 9. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Client } from './client';
import { describe, isEnvelope, type Answer, type Req } from './http';
import { expect, type Check } from './runner';

const EVIL = 'evil.example';

function authUrlOf(res: Answer): string | undefined {
  return (res.json as { data?: { authUrl?: string } } | undefined)?.data?.authUrl;
}

/** `publicOrigin`: what the server was configured with (or its default). */
export function originChecks(client: Client, publicOrigin: string): Check[] {
  return [
    {
      name: `a request with Host: ${EVIL} → 421 with the envelope (API, IdP and app routes)`,
      run: async () => {
        const wrong: string[] = [];
        const sends: Req[] = [
          { path: '/api/v1/health' },
          { path: '/api/v1/auth/local/login' },
          { path: '/idp/authorize?state=x&redirect_uri=/login', headers: { accept: 'text/html' } },
          { path: '/', headers: { accept: 'text/html' } },
          {
            method: 'POST',
            path: '/idp/authorize',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'state=x&redirect_uri=/login&provider=google&email=evil@example.com',
          },
        ];
        for (const s of sends) {
          const res = await client.send({ ...s, host: EVIL });
          if (res.status !== 421 || !isEnvelope(res.json)) wrong.push(`${s.method ?? 'GET'} ${s.path}: got ${describe(res)}`);
        }
        expect(wrong.length === 0, wrong.join('; '));
      },
    },
    {
      name: `GET /api/v1/auth/local/login → authUrl on ${publicOrigin}, never on a forged Host`,
      run: async () => {
        const ok = await client.send({ path: '/api/v1/auth/local/login' });
        const url = authUrlOf(ok);
        expect(ok.status === 200 && url, `with the right Host got ${describe(ok)}`);
        expect(url.startsWith(`${publicOrigin}/idp/authorize?`), `authUrl ${url}`);
        const redirect = new URL(url).searchParams.get('redirect_uri') ?? '';
        expect(redirect === '/login' || redirect.startsWith(`${publicOrigin}/`), `redirect_uri ${redirect}`);
        const forgedHost = await client.send({ path: '/api/v1/auth/local/login', host: EVIL });
        expect(!forgedHost.text.includes(EVIL), `Host: ${EVIL} got ${describe(forgedHost)}`);
        const forwarded = await client.send({
          path: '/api/v1/auth/local/login',
          headers: { 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' },
        });
        expect(!forwarded.text.includes(EVIL), `X-Forwarded-Host: ${EVIL} got ${describe(forwarded)}`);
      },
    },
  ];
}

/** On a server with the default PUBLIC_ORIGIN (http://localhost:PORT): both loopback names are the same server. */
export function defaultOriginChecks(client: Client): Check[] {
  const port = client.port;
  return [
    {
      name: 'default PUBLIC_ORIGIN: Host localhost:PORT and 127.0.0.1:PORT answered, evil.example → 421',
      run: async () => {
        const local = await client.send({ path: '/api/v1/health', host: `localhost:${port}` });
        const loop = await client.send({ path: '/api/v1/health', host: `127.0.0.1:${port}` });
        const evil = await client.send({ path: '/api/v1/health', host: EVIL });
        expect(local.status === 200, `Host localhost:${port} got ${describe(local)}`);
        expect(loop.status === 200, `Host 127.0.0.1:${port} got ${describe(loop)}`);
        expect(evil.status === 421 && isEnvelope(evil.json), `Host ${EVIL} got ${describe(evil)}`);
        const login = await client.send({ path: '/api/v1/auth/local/login', host: `localhost:${port}` });
        const url = authUrlOf(login) ?? '';
        expect(url.startsWith(`http://localhost:${port}/idp/authorize?`), `authUrl ${url || describe(login)}`);
      },
    },
  ];
}

/** The probe's own built app: an index page, a script and its source map (also pre-compressed, as webpack emits). */
export function makeDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><title>probe</title>',
  );
  writeFileSync(path.join(dir, 'assets', 'app.1234.js'), 'console.log(1);\n//# sourceMappingURL=app.1234.js.map\n');
  writeFileSync(path.join(dir, 'assets', 'app.1234.js.map'), MAP);
  writeFileSync(path.join(dir, 'assets', 'app.1234.js.map.br'), brotliCompressSync(MAP));
  writeFileSync(path.join(dir, 'assets', 'app.1234.js.map.gz'), gzipSync(MAP));
}

const MAP = JSON.stringify({ version: 3, file: 'app.1234.js', sources: ['src/app.ts'], names: [], mappings: 'AAAA' });
const REAL_MAP = '/assets/app.1234.js.map';

export function sourceMapChecks(client: Client, served: boolean): Check[] {
  if (!served) {
    return [
      {
        name: 'GET /assets/<anything>.map (also as .br/.gz) → 404 without SOURCE_MAPS=1',
        run: async () => {
          const paths = [REAL_MAP, '/assets/does-not-exist.js.map'];
          const wrong: string[] = [];
          for (const p of paths) {
            const variants: Record<string, string>[] = [{ accept: '*/*' }, { accept: '*/*', 'accept-encoding': 'br, gzip' }];
            for (const headers of variants) {
              const res = await client.send({ path: p, headers });
              if (res.status !== 404 || res.text.includes('"mappings"')) wrong.push(`${p}: got ${res.status}`);
            }
          }
          expect(wrong.length === 0, wrong.join('; '));
        },
      },
    ];
  }
  return [
    {
      name: 'SOURCE_MAPS=1 → the build’s source maps are served',
      run: async () => {
        const res = await client.send({ path: REAL_MAP, headers: { accept: '*/*' } });
        expect(res.status === 200 && res.text.includes('"mappings"'), `GET ${REAL_MAP} got ${res.status}`);
      },
    },
  ];
}
