import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Reads `<dataDir>/secret.key` (32 random bytes, mode 0600), creating it on first use. */
export async function loadSecret(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'secret.key');
  try {
    const existing = await readFile(file);
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32);
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process won the race: use its secret.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFile(file);
    throw err;
  }
  await chmod(file, 0o600);
  return secret;
}
