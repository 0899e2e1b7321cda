import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** PGlite allows one process per database directory; this pid file makes a second process fail clearly. */
export function lockFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process holding DATA_DIR, or null. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) return pid;
  } catch {
    // no lock file
  }
  return null;
}

export function acquireLock(dataDir: string): () => void {
  const holder = lockHolder(dataDir);
  if (holder !== null) {
    throw new Error(`DATA_DIR ${dataDir} is in use by process ${holder} (PGlite allows one process per database)`);
  }
  writeFileSync(lockFile(dataDir), String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid)) rmSync(lockFile(dataDir));
    } catch {
      // already gone
    }
  };
}
