import { statfs } from 'node:fs/promises';

/** Bytes an unprivileged process may still write on the file system holding `dir`. */
export type FreeSpaceProbe = (dir: string) => Promise<number>;

export const statfsFreeBytes: FreeSpaceProbe = async (dir) => {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
};

/**
 * Per-app overrides, so a test can simulate a full disk without filling one. Keyed by the Fastify instance
 * (AppContext has no field for it); an app without an override uses statfs.
 */
const overrides = new WeakMap<object, FreeSpaceProbe>();

export function setFreeSpaceProbe(app: object, probe: FreeSpaceProbe | null): void {
  if (probe) overrides.set(app, probe);
  else overrides.delete(app);
}

export function freeSpaceProbe(app: object): FreeSpaceProbe {
  return overrides.get(app) ?? statfsFreeBytes;
}
