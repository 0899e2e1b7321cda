import { Transform, type Writable } from 'node:stream';
import type { AppContext } from '../context';
import type { MediaStoreConfig } from './config';
import { createDiskStore } from './diskStore';
import type { MediaStore } from './types';

export { parseMediaStoreConfig, describeMediaStore, type MediaStoreConfig, type S3StoreConfig } from './config';
export { clipKey, highlightKey, type MediaKey, type MediaStore, type ServeOptions } from './types';
export { createDiskStore } from './diskStore';

/**
 * The store MEDIA_STORE names. The S3 one (and the AWS SDK) is loaded only when asked for, so the disk default
 * starts as it always did.
 */
export async function createMediaStore(
  config: MediaStoreConfig,
  dirs: { uploadsDir: string; highlightsDir: string },
): Promise<MediaStore> {
  if (config.kind === 'disk') return createDiskStore(dirs);
  const { createS3Store } = await import('./s3Store');
  return createS3Store(config);
}

/** The app's store; a context built without one (a test driving the workers directly) has today's disk layout. */
export function mediaStoreOf(ctx: Pick<AppContext, 'media' | 'uploadsDir' | 'highlightsDir'>): MediaStore {
  return ctx.media ?? createDiskStore(ctx);
}

/**
 * A pass-through that also writes every chunk to `sink` (respecting its back-pressure) and ends it at the end:
 * an upload goes to the partial file (probed and thumbnailed there) and to the store at the same time.
 */
export function teeInto(sink: Writable): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (sink.write(chunk)) callback(null, chunk);
      else sink.once('drain', () => callback(null, chunk));
    },
    flush(callback) {
      sink.end();
      callback();
    },
  });
}
