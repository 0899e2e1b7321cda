import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per database directory; this pid file makes a second process fail clearly.
 * It holds `<pid> <start time>`: the start time (from /proc, in clock ticks since boot) tells a live
 * holder from an unrelated process that was later given the same pid after a crash.
 */
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

/** Field 22 of /proc/<pid>/stat; null where there is no /proc (macOS) or the process is gone. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

interface LockRecord {
  pid: number;
  startTime: string | null;
}

function readRecord(dataDir: string): LockRecord | null {
  let text: string;
  try {
    text = readFileSync(lockFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  const [pidText, startTime] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, startTime: null };
  return { pid, startTime: startTime ?? null };
}

/** The process's command line where /proc has it; null elsewhere. */
function commandLine(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
}

/** Whether the recorded process still runs: alive, and (where /proc tells) started when the lock was taken. */
function holds(record: LockRecord): boolean {
  if (record.pid === 0 || record.pid === process.pid || !isAlive(record.pid)) return false;
  if (record.startTime === null) {
    // A lock written before start times were recorded: only a node process can be the server.
    const cmd = commandLine(record.pid);
    return cmd === null || /node|tsx/.test(cmd);
  }
  const now = processStartTime(record.pid);
  return now === null || now === record.startTime; // no /proc: cannot tell, assume it is the holder
}

/** The pid of another live process holding DATA_DIR, or null. */
export function lockHolder(dataDir: string): number | null {
  const record = readRecord(dataDir);
  return record && holds(record) ? record.pid : null;
}

function createExclusive(dataDir: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile(dataDir), 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim());
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes DATA_DIR for this process (the file is created exclusively, so two starts cannot both win), taking
 * over a lock whose process is gone or whose pid now belongs to another process. Returns the release function.
 */
export function acquireLock(dataDir: string, log: (message: string) => void = () => undefined): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(dataDir)) {
      return () => {
        try {
          if (readRecord(dataDir)?.pid === process.pid) rmSync(lockFile(dataDir));
        } catch {
          // already gone
        }
      };
    }
    const record = readRecord(dataDir);
    if (record && holds(record)) {
      throw new Error(`DATA_DIR ${dataDir} is in use by process ${record.pid} (PGlite allows one process per database)`);
    }
    if (record) {
      log(
        record.pid === 0
          ? `Replacing an unreadable lock file ${lockFile(dataDir)}`
          : `Taking over the lock of process ${record.pid} in ${lockFile(dataDir)}: it is no longer running (an earlier crash or kill)`,
      );
    }
    rmSync(lockFile(dataDir), { force: true });
  }
  throw new Error(`Could not take the lock ${lockFile(dataDir)}: another process keeps creating it`);
}
