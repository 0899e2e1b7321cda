import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StoreConfig } from './config';
import type { MediaKey, MediaStore } from './types';

/**
 * Media in an S3-compatible bucket (MEDIA_STORE=s3://…; docs/deploy.md "Media on object storage"). Uploads go up as
 * multipart uploads while they arrive (lib-storage `Upload`: parts of PART_BYTES, UPLOAD_QUEUE parts in flight, so
 * an upload holds at most about PART_BYTES × (UPLOAD_QUEUE + 1) in memory); media is served by a 302 to a presigned
 * GET URL (ranges, Content-Type, Content-Disposition and Cache-Control are S3's), and ffmpeg reads clips from
 * presigned URLs.
 */

/** The smallest part S3 accepts is 5 MiB; a file under it goes up in one PutObject. */
export const PART_BYTES = 5 * 1024 * 1024;
export const UPLOAD_QUEUE = 2;
/** A presigned media URL lives at least this long, whatever the route's own cache time (shares: 0). */
export const MIN_PRESIGN_SECONDS = 300;
/** S3's limit for a presigned URL (SigV4). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * The signing time and lifetime of a presigned serving URL: signed at the start of the current window of `life`
 * seconds and valid for two windows, so every request in one window gets the very same URL (a browser's cache of
 * thumbnails and of a playing video keeps working, as with our own hourly-rounded URLs, docs/api.md "Clip media"),
 * and each URL handed out is valid at least `life` more seconds. `remaining`: seconds it is valid from `nowMs`.
 */
export function presignWindow(
  maxAgeSeconds: number,
  nowMs: number,
): { signingDate: Date; expiresIn: number; remaining: number; life: number } {
  const life = Math.min(Math.max(maxAgeSeconds, MIN_PRESIGN_SECONDS), MAX_PRESIGN_SECONDS / 2);
  const nowS = Math.floor(nowMs / 1000);
  const signedAt = nowS - (nowS % life);
  const expiresIn = 2 * life;
  return { signingDate: new Date(signedAt * 1000), expiresIn, remaining: signedAt + expiresIn - nowS, life };
}

/** A short reason for readiness (public): the error's name and HTTP status, never the bucket or a key. */
function reason(err: unknown): string {
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  const status = e.$metadata?.httpStatusCode;
  const name = typeof e.name === 'string' ? e.name : 'Error';
  return `object storage: ${name}${typeof status === 'number' ? ` (HTTP ${status})` : ''}`;
}

export async function createS3Store(config: S3StoreConfig): Promise<MediaStore & { client: S3Client }> {
  const clientConfig: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  const client = new S3Client(clientConfig);
  const Bucket = config.bucket;
  const objectKey = (key: MediaKey): string => (config.prefix ? `${config.prefix}/${key}` : key);

  const presign = (
    key: MediaKey,
    opts: { expiresIn: number; signingDate?: Date; contentType?: string; disposition?: string; cacheControl?: string },
  ) =>
    getSignedUrl(
      client,
      new GetObjectCommand({
        Bucket,
        Key: objectKey(key),
        ...(opts.contentType ? { ResponseContentType: opts.contentType } : {}),
        ...(opts.disposition ? { ResponseContentDisposition: opts.disposition } : {}),
        ...(opts.cacheControl ? { ResponseCacheControl: opts.cacheControl } : {}),
      }),
      { expiresIn: opts.expiresIn, ...(opts.signingDate ? { signingDate: opts.signingDate } : {}) },
    );

  const upload = (key: MediaKey, body: NodeJS.ReadableStream | PassThrough, contentType: string): Upload =>
    new Upload({
      client,
      params: { Bucket, Key: objectKey(key), Body: body as PassThrough, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: UPLOAD_QUEUE,
      // A failed multipart upload is aborted, so no parts are left behind to pay for.
      leavePartsOnError: false,
    });

  // Where a browser is sent: the origin of any presigned URL (virtual-hosted or path style, as configured).
  const mediaOrigin = new URL(await presign('clips/origin-probe', { expiresIn: 60 })).origin;

  return {
    kind: 's3',
    mediaOrigin,
    client,
    startUpload(key, contentType) {
      const sink = new PassThrough();
      const running = upload(key, sink, contentType);
      // The body failed (client gone, over the limit): stop the multipart upload rather than complete a torso.
      sink.once('error', () => void running.abort().catch(() => undefined));
      const done = running.done().then(() => undefined);
      return { sink, done };
    },
    async prepare(key, file, contentType) {
      await upload(key, createReadStream(file), contentType).done();
      await unlink(file).catch(() => undefined);
      return async () => undefined;
    },
    readable: (key, seconds) => presign(key, { expiresIn: Math.min(Math.max(Math.ceil(seconds), 1), MAX_PRESIGN_SECONDS) }),
    async send(reply, key, opts) {
      const w = presignWindow(opts.maxAgeSeconds, Date.now());
      const url = await presign(key, {
        expiresIn: w.expiresIn,
        signingDate: w.signingDate,
        contentType: opts.contentType,
        disposition: opts.disposition,
        cacheControl: `private, max-age=${opts.maxAgeSeconds}`,
      });
      // The redirect may be kept as long as the route's answer would be, and only while the URL it names has at
      // least one window of life left.
      const keep = Math.max(0, Math.min(opts.maxAgeSeconds, w.remaining - w.life));
      return reply.code(302).header('location', url).header('cache-control', `private, max-age=${keep}`).send();
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) return false;
        throw err;
      }
    },
    async check(signal) {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), signal ? { abortSignal: signal } : {});
      } catch (err) {
        throw new Error(reason(err), { cause: err });
      }
    },
    async close() {
      client.destroy();
    },
  };
}
