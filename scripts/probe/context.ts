/** What the checks against the main server share: the process, a client, signed-in users and known clips. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Client, Session } from './client';
import type { Proc } from './server';

export interface Probe {
  /** The main server (replaced when the crash checks restart it). */
  proc: Proc;
  /** Registers a started process so it is stopped whatever happens. */
  track: (proc: Proc) => void;
  client: Client;
  dataDir: string;
  /** A real 2-second H.264 clip made with the shipped ffmpeg. */
  sampleClip: Buffer;
  admin: Session;
  /** The user whose clip the other checks try to reach. */
  owner: Session;
  ownerClipId: string | null;
  /** A location for POST /api/v1/events. */
  locationId: string;
  /** Ids of every clip the server accepted (201), to tell stored clips from leftovers. */
  clipIds: Set<string>;
}

/** Every file under `dir` (relative paths), or [] when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(rel, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(p);
    }
  };
  await walk('');
  return out.sort();
}

export function uploadsDir(probe: Probe): string {
  return path.join(probe.dataDir, 'uploads');
}
