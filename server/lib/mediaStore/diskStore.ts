import { access, constants, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { MediaKey, MediaStore } from './types';
import { sendFile } from './sendFile';

/** Media under DATA_DIR: `clips/…` in uploads/, `highlights/…` in highlights/ (today's layout, unchanged). */
export function createDiskStore(dirs: { uploadsDir: string; highlightsDir: string }): MediaStore {
  const fileOf = (key: MediaKey): string => {
    const [area, ...rest] = key.split('/');
    const name = path.basename(rest.join('/'));
    return path.join(area === 'clips' ? dirs.uploadsDir : dirs.highlightsDir, name);
  };
  return {
    kind: 'disk',
    mediaOrigin: null,
    startUpload: () => null,
    prepare: async (key, file) => async () => {
      await rename(file, fileOf(key));
    },
    readable: async (key) => fileOf(key),
    send: (reply, key, opts) => sendFile(reply, fileOf(key), opts),
    remove: async (key) => {
      await unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    exists: async (key) => (await stat(fileOf(key)).catch(() => null)) !== null,
    check: async () => {
      await access(dirs.uploadsDir, constants.W_OK);
    },
    close: async () => undefined,
  };
}
