import type { Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A stored media object's key: `clips/<stored name>` (an upload or a demo clip, and its `.jpg` thumbnail) or
 * `highlights/<name>` (a rendered highlight and its poster). On disk these are uploads/ and highlights/ under
 * DATA_DIR; in a bucket, keys under MEDIA_STORE's prefix.
 */
export type MediaKey = `clips/${string}` | `highlights/${string}`;

export function clipKey(name: string): MediaKey {
  return `clips/${baseName(name)}`;
}

export function highlightKey(name: string): MediaKey {
  return `highlights/${baseName(name)}`;
}

/** The last path segment: a stored name never reaches outside its area. */
function baseName(name: string): string {
  return name.split(/[/\\]/).pop() ?? '';
}

/** How one media answer is sent (the same for every store). */
export interface ServeOptions {
  contentType: string;
  /** The request's Range header. */
  range: string | undefined;
  /** How long a browser may keep the answer; follows how long the URL that reached it lives. */
  maxAgeSeconds: number;
  /** Content-Disposition (a download's attachment name). */
  disposition?: string;
}

/** An upload streamed into the store as it arrives (S3: a multipart upload). */
export interface IncomingUpload {
  /** Write the body here; end it when the body ends, destroy it (with an error) when the upload fails. */
  sink: Writable;
  /** Settles when the object is stored whole (or the upload failed and was aborted). */
  done: Promise<void>;
}

export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /**
   * The origin presigned URLs point at (a browser is redirected there, so a Content-Security-Policy must allow it
   * for media and images); null when media is served by this server itself.
   */
  readonly mediaOrigin: string | null;
  /**
   * Starts storing an upload of `key` from its bytes as they arrive; null when the store keeps the partial file the
   * route writes anyway (disk: it is renamed into place by `prepare`).
   */
  startUpload(key: MediaKey, contentType: string): IncomingUpload | null;
  /**
   * Makes the finished local file `file` the object `key` and returns the step that puts it in place, to be run
   * inside the database transaction that records it. Disk: that step is the rename (a failed rename rolls the row
   * back), and nothing happens before. S3: the file is uploaded now (outside any transaction) and removed locally;
   * the step does nothing.
   */
  prepare(key: MediaKey, file: string, contentType: string): Promise<() => Promise<void>>;
  /** A path or URL ffmpeg and ffprobe can read `key` from for at least `seconds` (S3: a presigned GET URL). */
  readable(key: MediaKey, seconds: number): Promise<string>;
  /** Answers a media request: the bytes with ranges (disk) or a 302 to a short-lived presigned URL (S3). */
  send(reply: FastifyReply, key: MediaKey, opts: ServeOptions): Promise<FastifyReply>;
  /** Deletes the object; nothing when there is none. */
  remove(key: MediaKey): Promise<void>;
  exists(key: MediaKey): Promise<boolean>;
  /** Readiness: rejects when media cannot be written now (disk: the directory; S3: HeadBucket). */
  check(signal?: AbortSignal): Promise<void>;
  /** Releases connections (app close). */
  close(): Promise<void>;
}
