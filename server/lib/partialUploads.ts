import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploads are written under `uploads/.partial/` and renamed into `uploads/` only when complete, so a file in
 * `uploads/` is always whole. Whatever is left in `.partial/` at start was cut off by a crash or a kill.
 */
export function partialDir(uploadsDir: string): string {
  return path.join(uploadsDir, '.partial');
}

/**
 * Empties (and creates) `uploads/.partial/`; returns how many leftovers were removed. Run once at start. Where
 * other servers share DATA_DIR (PostgreSQL), their uploads in progress are there too: `olderThanMs` then spares
 * every file younger than the longest a request may run.
 */
export async function removePartialUploads(
  uploadsDir: string,
  log: (message: string) => void,
  opts: { olderThanMs?: number; nowMs?: number } = {},
): Promise<number> {
  const dir = partialDir(uploadsDir);
  await mkdir(dir, { recursive: true });
  const names = await readdir(dir);
  const { olderThanMs } = opts;
  const leftovers =
    olderThanMs === undefined
      ? names
      : (
          await Promise.all(
            names.map(async (name) => {
              const info = await stat(path.join(dir, name)).catch(() => null);
              return info && (opts.nowMs ?? Date.now()) - info.mtimeMs > olderThanMs ? [name] : [];
            }),
          )
        ).flat();
  await Promise.all(leftovers.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
  if (leftovers.length > 0) log(`Removed ${leftovers.length} partial upload(s) left by an interrupted run`);
  return leftovers.length;
}
