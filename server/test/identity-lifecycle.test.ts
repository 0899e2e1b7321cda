import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { describe, test } from 'node:test';
import { acquireLock, lockFile, lockHolder, processStartTime } from '../lib/lock';
import { closeGracefully } from '../lib/shutdown';
import { spawnServer, startApp, tempDir } from './helpers';
import { onPostgres } from './testDb';

/** A POST whose body never finishes: the request stays in flight. */
function stalledRequest(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/v1/errors HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"message":"`,
      );
      setTimeout(() => resolve(socket), 200);
    });
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

const closed = (socket: Socket): Promise<void> =>
  new Promise((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** A process that is alive for the test's duration, not ours. */
function sleeper(): { pid: number; stop: () => void } {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  return { pid: child.pid ?? 0, stop: () => child.kill('SIGKILL') };
}

describe('DATA_DIR lock (server.pid)', () => {
  test('records pid and start time; a second holder is refused while the first runs', async () => {
    const dir = await tempDir();
    try {
      const release = acquireLock(dir);
      const [pid, start] = (await readFile(lockFile(dir), 'utf8')).split(' ');
      assert.equal(pid, String(process.pid));
      assert.equal(start, processStartTime(process.pid));
      release();
      assert.ok(!existsSync(lockFile(dir)));

      const other = sleeper();
      try {
        await writeFile(lockFile(dir), `${other.pid} ${processStartTime(other.pid)}`);
        assert.equal(lockHolder(dir), other.pid);
        assert.throws(() => acquireLock(dir), /in use by process/);
        // A lock file without a start time (older servers) naming a live non-node process is not ours.
        await writeFile(lockFile(dir), String(other.pid));
        assert.equal(lockHolder(dir), null);
        // …while one naming a live node process still blocks.
        await writeFile(lockFile(dir), String(process.ppid));
        if (/node/.test(await readFile(`/proc/${process.ppid}/cmdline`, 'utf8'))) assert.equal(lockHolder(dir), process.ppid);
      } finally {
        other.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a lock whose process is gone, or whose pid now belongs to another process, is taken over with a log line', async () => {
    const dir = await tempDir();
    try {
      const gone = spawn('true');
      await new Promise((r) => gone.once('exit', r));
      await writeFile(lockFile(dir), `${gone.pid} 12345`);
      const lines: string[] = [];
      acquireLock(dir, (m) => lines.push(m))();
      assert.match(lines[0] ?? '', new RegExp(`Taking over the lock of process ${gone.pid}`));

      const other = sleeper();
      try {
        // Same pid, other start time: the pid was reused after the holder crashed.
        await writeFile(lockFile(dir), `${other.pid} 1`);
        const reused: string[] = [];
        const release = acquireLock(dir, (m) => reused.push(m));
        assert.match(reused[0] ?? '', new RegExp(`process ${other.pid}`));
        assert.equal((await readFile(lockFile(dir), 'utf8')).split(' ')[0], String(process.pid));
        release();
      } finally {
        other.stop();
      }

      await writeFile(lockFile(dir), '');
      const empty: string[] = [];
      acquireLock(dir, (m) => empty.push(m))();
      assert.match(empty[0] ?? '', /unreadable lock file/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

test('buildApp empties uploads/.partial/ left by a crash, logging it (beside other servers, only what no request can still be writing)', async () => {
  const dataDir = await tempDir();
  const partials = path.join(dataDir, 'uploads', '.partial');
  await mkdir(partials, { recursive: true });
  await writeFile(path.join(partials, 'cut-off.mp4'), 'half a video');
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  await utimes(path.join(partials, 'cut-off.mp4'), twoHoursAgo, twoHoursAgo);
  // Being written right now, by another server on the same PostgreSQL and DATA_DIR.
  await writeFile(path.join(partials, 'in-flight.mp4'), 'a video arriving');
  await writeFile(path.join(dataDir, 'uploads', 'kept.mp4'), 'a whole video');
  const lines: string[] = [];
  const t = await startApp({ dataDir, logger: true, logStream: { write: (l) => void lines.push(l) } });
  try {
    // PGlite holds DATA_DIR alone (the lock): whatever is there was cut off.
    assert.deepEqual(await readdir(partials), onPostgres ? ['in-flight.mp4'] : []);
    assert.ok(existsSync(path.join(dataDir, 'uploads', 'kept.mp4')));
    assert.match(lines.join(''), onPostgres ? /Removed 1 partial upload/ : /Removed 2 partial upload/);
  } finally {
    await t.close();
  }
});

describe('graceful shutdown', () => {
  test('a finished request closes cleanly; a stalled one is cut after the grace period', async () => {
    const t = await startApp();
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(base).port);
      const health = await fetch(`${base}/api/v1/health`);
      assert.equal(health.status, 200);
      const socket = await stalledRequest(port);
      const started = Date.now();
      const result = await closeGracefully(t.app, 500);
      const took = Date.now() - started;
      assert.equal(result, 'forced');
      assert.ok(took >= 450 && took < 5_000, `took ${took} ms`);
      await closed(socket);
      assert.ok(!existsSync(lockFile(t.dataDir)), 'the lock is released by the close');
    } finally {
      await t.close().catch(() => undefined);
    }
    const idle = await startApp();
    try {
      await idle.app.listen({ port: 0, host: '127.0.0.1' });
      assert.equal(await closeGracefully(idle.app, 5_000), 'clean');
    } finally {
      await idle.close().catch(() => undefined);
    }
  });

  test('SIGTERM with a stalled request in flight: stops accepting and exits within 15 s, releasing the lock', async () => {
    const dataDir = await tempDir();
    const { child, port, output } = await spawnServer(dataDir, { LOG_LEVEL: 'info' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const socket = await stalledRequest(port);
      const started = Date.now();
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      const refused = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        () => false,
        () => true,
      );
      assert.ok(refused, 'a new connection was accepted after SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000))]);
      const took = Date.now() - started;
      assert.equal(code, 0, `exit ${code} after ${took} ms\n${output()}`);
      assert.ok(took < 15_000, `took ${took} ms`);
      await closed(socket);
      assert.ok(!existsSync(lockFile(dataDir)), 'server.pid left behind');
      assert.match(output(), /Requests still running after 10000 ms/);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
