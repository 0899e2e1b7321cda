import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db';

/** HMAC-SHA256 keys shorter than this are guessable in practice; 32 bytes is the hash's own size. */
export const MIN_SECRET_BYTES = 32;

/** A signing key that must not be used; the message names the file or variable and what to do. */
export class SecretKeyError extends Error {}

export function secretFile(dataDir: string): string {
  return path.join(dataDir, 'secret.key');
}

/** SECRET_KEY: base64 or base64url, padding optional, at least 32 bytes once decoded. */
export function parseSecretKey(value: string): Buffer {
  const text = value.trim();
  const fix = "Generate one with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"";
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw new SecretKeyError(`SECRET_KEY is not valid base64. ${fix}`);
  }
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length < MIN_SECRET_BYTES) {
    throw new SecretKeyError(`SECRET_KEY decodes to ${key.length} bytes; at least ${MIN_SECRET_BYTES} are needed. ${fix}`);
  }
  return key;
}

/** Writes the key to a temp file, flushes it to disk, then renames it into place, so no reader sees half a key. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  await rename(temp, file);
  // The rename itself is only durable once the directory is flushed too.
  const dir = await open(path.dirname(file), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** Temp files of a write cut short by a crash hold no key anyone used. */
async function removeLeftoverTemps(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => /^secret\.key\.\d+\.[0-9a-f]+\.tmp$/.test(n)).map((n) => rm(path.join(dataDir, n), { force: true })),
  );
}

/**
 * Reads `<dataDir>/secret.key` (mode 0600), creating it with 32 random bytes on first use. A key that is
 * too short or cannot be read is refused (SecretKeyError), never used: anyone could mint tokens with it.
 * Call while holding the DATA_DIR lock, so no other process writes the file at the same time.
 */
export async function loadSecret(dataDir: string): Promise<Buffer> {
  const file = secretFile(dataDir);
  await mkdir(dataDir, { recursive: true });
  await removeLeftoverTemps(dataDir);
  let existing: Buffer | null = null;
  try {
    existing = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') {
      throw new SecretKeyError(
        `Cannot read the signing key ${file} (${code ?? String(err)}). Fix its permissions so this user can read it, ` +
          'or set SECRET_KEY. Deleting the file makes a new key and signs everyone out.',
      );
    }
  }
  if (existing) {
    if (existing.length >= MIN_SECRET_BYTES) return existing;
    throw new SecretKeyError(
      `The signing key ${file} holds ${existing.length} bytes; at least ${MIN_SECRET_BYTES} are needed ` +
        '(a start on a full disk or a crash can leave it cut short). Tokens signed with it cannot be trusted. ' +
        'Delete the file to generate a new key (everyone signs in again), or set SECRET_KEY.',
    );
  }
  const secret = randomBytes(MIN_SECRET_BYTES);
  await writeAtomically(file, secret);
  return secret;
}

/**
 * The signing key kept in the database (table server_secret), for servers on one PostgreSQL without SECRET_KEY:
 * the first server to start makes it, every other one reads the same key, so a token signed by one is valid at all.
 */
export async function loadDatabaseSecret(db: Queryable): Promise<Buffer> {
  await db.query('INSERT INTO server_secret (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(MIN_SECRET_BYTES).toString('base64'),
  ]);
  const r = await db.query<{ key: string }>('SELECT key FROM server_secret WHERE id = 1');
  const key = Buffer.from(r.rows[0]?.key ?? '', 'base64');
  if (key.length < MIN_SECRET_BYTES) {
    throw new SecretKeyError(
      `The signing key in the database (table server_secret) holds ${key.length} bytes; at least ${MIN_SECRET_BYTES} are needed. ` +
        'Delete its row to generate a new key (everyone signs in again), or set SECRET_KEY.',
    );
  }
  return key;
}
