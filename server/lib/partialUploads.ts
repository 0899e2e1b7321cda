import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploads are written under `uploads/.partial/` and renamed into `uploads/` only when complete, so a file in
 * `uploads/` is always whole. Whatever is left in `.partial/` at start was cut off by a crash or a kill.
 */
export function partialDir(uploadsDir: string): string {
  return path.join(uploadsDir, '.partial');
}

/** Empties (and creates) `uploads/.partial/`; returns how many leftovers were removed. Run once at start. */
export async function removePartialUploads(uploadsDir: string, log: (message: string) => void): Promise<number> {
  const dir = partialDir(uploadsDir);
  await mkdir(dir, { recursive: true });
  const leftovers = await readdir(dir);
  await Promise.all(leftovers.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
  if (leftovers.length > 0) log(`Removed ${leftovers.length} partial upload(s) left by an interrupted run`);
  return leftovers.length;
}
