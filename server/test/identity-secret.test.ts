import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, test } from 'node:test';
import { buildApp } from '../app';
import { parseSecretKey, SecretKeyError } from '../lib/secret';
import { signIn, tempDir, TEST_VENUES } from './helpers';

const REPO = path.join(import.meta.dirname, '..', '..');

function build(dataDir: string, secretKey?: string) {
  return buildApp({ dataDir, distDir: path.join(dataDir, 'no-dist'), venues: TEST_VENUES, secretKey });
}

function signedWith(token: string, key: Buffer): boolean {
  const [h, p, s] = token.split('.');
  return createHmac('sha256', key).update(`${h}.${p}`).digest('base64url') === s;
}

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await tempDir();
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('signing key', () => {
  test('first start writes 32 random bytes (0600) and leaves no temp file; tokens are signed with them', () =>
    withDir(async (dir) => {
      await writeFile(path.join(dir, 'secret.key.123.abcd.tmp'), 'left by a crash');
      const app = await build(dir);
      try {
        const key = await readFile(path.join(dir, 'secret.key'));
        assert.equal(key.length, 32);
        assert.equal((await stat(path.join(dir, 'secret.key'))).mode & 0o777, 0o600);
        assert.deepEqual(
          (await readdir(dir)).filter((n) => n.includes('.tmp')),
          [],
        );
        const s = await signIn(app, 'key@example.com');
        assert.ok(signedWith(s.token, key));
      } finally {
        await app.close();
      }
    }));

  for (const [label, content] of [
    ['empty', Buffer.alloc(0)],
    ['16-byte', randomBytes(16)],
    ['31-byte', randomBytes(31)],
  ] as const) {
    test(`an ${label} secret.key is refused, named, and left as it is`, () =>
      withDir(async (dir) => {
        const file = path.join(dir, 'secret.key');
        await writeFile(file, content, { mode: 0o600 });
        await assert.rejects(build(dir), (err: Error) => {
          assert.ok(err instanceof SecretKeyError);
          assert.ok(err.message.includes(file), err.message);
          assert.match(err.message, /Delete the file|SECRET_KEY/);
          return true;
        });
        assert.deepEqual(await readFile(file), content);
        // The failed start released the DATA_DIR lock.
        assert.ok(!(await readdir(dir)).includes('server.pid'));
      }));
  }

  test('an unreadable secret.key is refused, naming the file', () =>
    withDir(async (dir) => {
      // A directory in its place: unreadable as a file even for root (chmod 000 is not).
      await mkdir(path.join(dir, 'secret.key'));
      await assert.rejects(build(dir), (err: Error) => {
        assert.ok(err instanceof SecretKeyError);
        assert.ok(err.message.includes(path.join(dir, 'secret.key')), err.message);
        assert.match(err.message, /EISDIR/);
        return true;
      });
    }));

  test('SECRET_KEY wins over secret.key; without a file none is created', () =>
    withDir(async (dir) => {
      const fileKey = randomBytes(32);
      const envKey = randomBytes(48);
      await writeFile(path.join(dir, 'secret.key'), fileKey, { mode: 0o600 });
      const app = await build(dir, envKey.toString('base64'));
      try {
        const s = await signIn(app, 'env@example.com');
        assert.ok(signedWith(s.token, envKey));
        assert.ok(!signedWith(s.token, fileKey));
      } finally {
        await app.close();
      }
      const fresh = path.join(dir, 'other');
      const second = await build(fresh, envKey.toString('base64url'));
      await second.close();
      assert.ok(!(await readdir(fresh)).includes('secret.key'));
    }));

  test('SECRET_KEY: base64 or base64url, padded or not; malformed or short is refused naming SECRET_KEY', () => {
    const key = randomBytes(32);
    assert.deepEqual(parseSecretKey(key.toString('base64')), key);
    assert.deepEqual(parseSecretKey(`${key.toString('base64url')}\n`), key);
    for (const bad of ['', 'not base64!', 'a'.repeat(41), randomBytes(31).toString('base64'), '====']) {
      assert.throws(
        () => parseSecretKey(bad),
        (err: Error) => err instanceof SecretKeyError && err.message.includes('SECRET_KEY'),
        JSON.stringify(bad),
      );
    }
  });

  test('a malformed SECRET_KEY stops buildApp before it touches DATA_DIR', () =>
    withDir(async (dir) => {
      const data = path.join(dir, 'data');
      await assert.rejects(build(data, randomBytes(16).toString('base64')), SecretKeyError);
      await assert.rejects(readdir(data), { code: 'ENOENT' });
    }));

  test('the server process refuses to start on a short secret.key, with one line naming it', () =>
    withDir(async (dir) => {
      await writeFile(path.join(dir, 'secret.key'), randomBytes(8));
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        cwd: REPO,
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_DATA: '0' },
      });
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, /could not start: The signing key .*secret\.key holds 8 bytes/);
      assert.doesNotMatch(run.stderr, /\n\s+at /); // no stack trace
    }));
});
