import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openDb } from '../db';

/*
 * A new PGlite database runs initdb in WebAssembly: seconds of CPU, paid by every test server of a run. A copy of
 * one made and migrated once is the same empty database for a fraction of that.
 * The copy is built once per machine (keyed by the migrations and the PGlite version), by whichever test
 * process gets there first; the others wait for its atomic rename.
 */

const run = promisify(execFile);
const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = path.join(serverDir, 'migrations');
  for (const file of (await readdir(migrations)).sort()) {
    hash.update(file).update(await readFile(path.join(migrations, file)));
  }
  hash.update(await readFile(path.join(serverDir, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

let template: Promise<string> | null = null;

/** The migrated, empty data directory (its `db` folder) every fresh test data directory starts from. */
export function templateDb(): Promise<string> {
  template ??= (async () => {
    const final = path.join(os.tmpdir(), `courtside-test-db-${await templateKey()}`);
    if (await exists(final)) return final;
    const building = await mkdtemp(path.join(os.tmpdir(), 'courtside-test-db-building-'));
    const db = await openDb(building);
    await db.close();
    try {
      await rename(building, final);
    } catch {
      // Another test process finished first: its copy is the same.
      await rm(building, { recursive: true, force: true });
    }
    return final;
  })();
  return template;
}

/** Gives `dataDir` (empty) the database a first start would create, without running initdb again. */
export async function seedEmptyDb(dataDir: string): Promise<void> {
  const source = path.join(await templateDb(), 'db');
  await mkdir(dataDir, { recursive: true });
  await run('cp', ['-a', source, path.join(dataDir, 'db')]);
}
