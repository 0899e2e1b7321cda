/** Hole 1: the signing key is never weak, SECRET_KEY wins over the file, and foreign signatures are refused. */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bearer, type Client, decodeClaims, forgeToken, signedWith } from './client';
import type { Probe } from './context';
import { describe, isEnvelope } from './http';
import { expect, fail, type Check } from './runner';
import { freePort, launch, stop, waitUp, type Proc } from './server';

/** Starts a server that must refuse to start; passes when it exits non-zero naming `mustName`. */
async function expectRefusal(
  procs: Proc[],
  distDir: string,
  work: string,
  label: string,
  secretFile: Buffer | null,
  env: Record<string, string>,
  mustName: string,
): Promise<void> {
  const dataDir = path.join(work, `refuse-${label}`);
  await mkdir(dataDir, { recursive: true });
  if (secretFile) await writeFile(path.join(dataDir, 'secret.key'), secretFile, { mode: 0o600 });
  const proc = launch({ port: await freePort(), dataDir, distDir, env });
  procs.push(proc); // stopped by the caller too, should the whole run time out
  try {
    const state = await waitUp(proc, 40_000);
    if (state === 'up') fail(`it started and answers GET /api/v1/health 200`);
    if (state === 'timeout') fail(`neither exited nor answered within 40 s; output: ${proc.output().slice(-300)}`);
    const code = proc.exitCode();
    expect(code !== 0 && code !== null, `exit code ${code}, expected non-zero`);
    expect(
      proc.output().includes(mustName),
      `exit ${code} but the output does not name ${mustName}: ${proc.output().slice(-300)}`,
    );
  } finally {
    await stop(proc);
  }
}

/** `procs` collects the servers started, so the caller can stop them whatever happens. */
export function refusalChecks(work: string, distDir: string, procs: Proc[]): Check[] {
  return [
    {
      name: 'empty DATA_DIR/secret.key → server refuses to start, naming the file',
      timeoutMs: 50_000,
      run: () => expectRefusal(procs, distDir, work, 'empty', Buffer.alloc(0), {}, 'secret.key'),
    },
    {
      name: '16-byte DATA_DIR/secret.key → server refuses to start, naming the file',
      timeoutMs: 50_000,
      run: () => expectRefusal(procs, distDir, work, 'short', randomBytes(16), {}, 'secret.key'),
    },
    {
      name: 'SECRET_KEY env of 16 bytes → server refuses to start, naming SECRET_KEY',
      timeoutMs: 50_000,
      run: () =>
        expectRefusal(procs, distDir, work, 'shortenv', null, { SECRET_KEY: randomBytes(16).toString('base64') }, 'SECRET_KEY'),
    },
    {
      name: 'a public PUBLIC_ORIGIN without OIDC_ISSUER or STANDIN_IDP=1 → server refuses to start, naming OIDC_ISSUER',
      timeoutMs: 50_000,
      run: () =>
        expectRefusal(procs, distDir, work, 'nosignin', null, { PUBLIC_ORIGIN: 'https://courtside.example' }, 'OIDC_ISSUER'),
    },
  ];
}

export function tokenChecks(probe: Probe): Check[] {
  const c = (): Client => probe.client;
  return [
    {
      name: 'tokens are HS256 JWTs with claims userId, iat, exp, jti and sid',
      run: async () => {
        const header = JSON.parse(Buffer.from(probe.owner.token.split('.')[0] ?? '', 'base64url').toString()) as {
          alg?: string;
        };
        const claims = decodeClaims(probe.owner.token);
        expect(header.alg === 'HS256', `header alg ${String(header.alg)}`);
        const missing = ['userId', 'jti', 'sid'].filter((k) => typeof claims[k] !== 'string' || claims[k] === '');
        for (const k of ['iat', 'exp']) if (typeof claims[k] !== 'number') missing.push(k);
        expect(missing.length === 0, `claims ${Object.keys(claims).join(', ')}; missing or mistyped: ${missing.join(', ')}`);
      },
    },
    {
      name: 'a refreshed token keeps the sign-in id (sid) and gets a new jti',
      run: async () => {
        const s = await c().signIn('probe-sid@example.com');
        const res = await c().call('POST', '/api/v1/auth/verify/refresh', s.token);
        const token = (res.json as { data?: { token?: string } } | undefined)?.data?.token;
        expect(res.status === 200 && token, `POST /api/v1/auth/verify/refresh got ${describe(res)}`);
        const before = decodeClaims(s.token);
        const after = decodeClaims(token);
        expect(typeof before.sid === 'string', 'the first token has no sid');
        expect(after.sid === before.sid, 'the refreshed token has another sid');
        expect(after.jti !== before.jti, 'the refreshed token has the same jti');
      },
    },
    {
      name: 'tokens signed with an empty key, another key or alg none → 401 on GET /api/v1/auth/me',
      run: async () => {
        // The real claims of a real user: only the signature differs, so only the key check can refuse them.
        const claims = decodeClaims(probe.owner.token);
        const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${probe.owner.token.split('.')[1]}.`;
        const forged: [string, string][] = [
          ['empty key', forgeToken(claims, Buffer.alloc(0))],
          ['random 32-byte key', forgeToken(claims, randomBytes(32))],
          ['alg none', none],
        ];
        const wrong: string[] = [];
        for (const [label, token] of forged) {
          const res = await c().send({ path: '/api/v1/auth/me', headers: bearer(token) });
          if (res.status !== 401 || !isEnvelope(res.json)) wrong.push(`${label}: got ${describe(res)}`);
        }
        const real = await c().send({ path: '/api/v1/auth/me', headers: bearer(probe.owner.token) });
        expect(real.status === 200, `control: the real token got ${describe(real)}`);
        expect(wrong.length === 0, wrong.join('; '));
      },
    },
  ];
}

/** On a server started with SECRET_KEY=`envKey` and a different secret.key file (`fileKey`). */
export function secretEnvChecks(client: Client, envKey: Buffer, fileKey: Buffer): Check[] {
  return [
    {
      name: 'SECRET_KEY env wins over DATA_DIR/secret.key (tokens are signed with it)',
      run: async () => {
        const s = await client.signIn('probe-env@example.com');
        expect(!signedWith(s.token, fileKey), 'the token is signed with the secret.key file, not SECRET_KEY');
        expect(signedWith(s.token, envKey), 'the token is signed with neither SECRET_KEY nor the file');
      },
    },
  ];
}
