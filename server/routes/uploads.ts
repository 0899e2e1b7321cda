import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { requireAuth } from '../lib/auth';
import { findUploadedClip, matchedTagSql, toClipView, type ClipRow, type ClipView } from '../lib/clipViews';
import type { AppContext } from '../lib/context';
import { freeSpaceProbe } from '../lib/diskSpace';
import { ok, type ApiError } from '../lib/envelope';
import { thumbnail } from '../lib/ffmpeg';
import { idempotencyKey } from '../lib/idempotencyKey';
import { closeAfterResponse } from '../lib/lingeringClose';
import { clipKey, mediaStoreOf, teeInto } from '../lib/mediaStore';
import { partialDir } from '../lib/partialUploads';
import { isoDateTime, isStorableText, uuid } from '../lib/schema';
import {
  fileTooLarge,
  mapUploadError,
  probeVideo,
  unsupportedType,
  uploadError,
  videoCheckUnavailable,
} from '../lib/uploadRefusals';

export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Room for the multipart framing and the small fields next to the file (boundaries, part headers, eventId). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Free space that must remain on the uploads disk after an upload (thumbnail, database, logs). */
export const DISK_MARGIN_BYTES = 64 * 1024 * 1024;
const MAX_FILENAME_LENGTH = 255;

export const ALLOWED_MIME = ['video/mp4', 'video/quicktime', 'video/x-m4v', 'video/mp2t', 'video/mpeg2-ts', 'application/mxf'];
export const ALLOWED_EXT = ['.mp4', '.mov', '.m4v', '.mts', '.mxf'];
const EXT_FOR_MIME: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/x-m4v': '.m4v',
  'video/mp2t': '.mts',
  'video/mpeg2-ts': '.mts',
  'application/mxf': '.mxf',
};
export const MIME_FOR_EXT: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.m4v': 'video/x-m4v',
  '.mts': 'video/mp2t',
  '.mxf': 'application/mxf',
  '.jpg': 'image/jpeg',
};

/** The declared body size; null when the body is chunked (no Content-Length). */
function declaredLength(request: FastifyRequest): number | null {
  const raw = request.headers['content-length'];
  if (raw === undefined) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

interface ReceivedFile {
  id: string;
  /** `<id><ext>`, the name in uploads/ (and in uploads/.partial/ until the row is stored). */
  storedName: string;
  filename: string;
  mime: string;
  size: number;
  /** Already in the media store (streamed to a bucket as it arrived); the partial file is only a local copy. */
  stored: boolean;
}

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const partials = partialDir(ctx.uploadsDir);
  const partialPath = (name: string): string => path.join(partials, name);
  const media = mediaStoreOf(ctx);

  const eventExists = async (eventId: string): Promise<boolean> =>
    v.is(uuid, eventId) && (await ctx.db.query('SELECT 1 FROM events WHERE id = $1', [eventId])).rows.length > 0;
  const eventMissing = (eventId: string): ApiError => uploadError(404, 'EVENT_MATCHING_FAILED', 'Event not found', { eventId });

  /** The most a body may hold: the file limit and the multipart framing around it. */
  const bodyLimit = ctx.maxUploadBytes + MULTIPART_OVERHEAD_BYTES;
  /** The body's declared size (null when chunked); over the limit, refused before a byte of it is read. */
  const declaredWithinLimit = (request: FastifyRequest): number | null => {
    const declared = declaredLength(request);
    if (declared !== null && declared > bodyLimit) throw fileTooLarge(ctx.maxUploadBytes);
    return declared;
  };
  /** Refuses, before a byte of the body is read, what cannot succeed: no ffprobe, too large, disk full. */
  const refuseEarly = async (request: FastifyRequest): Promise<void> => {
    if (!ctx.ffprobePath) throw videoCheckUnavailable();
    const declared = declaredWithinLimit(request);
    const needed = (declared ?? ctx.maxUploadBytes) + DISK_MARGIN_BYTES;
    let free: number;
    try {
      free = await freeSpaceProbe(app)(ctx.uploadsDir);
    } catch (err) {
      // No answer is no reason to refuse; a disk that really fills up is still caught (ENOSPC → 507).
      request.log.warn(`free-space check failed for ${ctx.uploadsDir}: ${(err as Error).message}`);
      return;
    }
    if (free < needed) {
      throw uploadError(507, 'INSUFFICIENT_STORAGE', 'Not enough storage space on the server for this upload', {
        neededBytes: needed,
      });
    }
  };

  /** Requests whose Idempotency-Key already has a stored clip, and that clip. */
  const replays = new WeakMap<FastifyRequest, ClipView>();

  /**
   * Reads a replayed upload's body to its end and drops it, then answers the stored clip. Answered before the
   * body, as a refusal is, the 200 could be lost: a browser still sending reads no answer until its body is sent,
   * and the lingering close gives it 2 s (lib/lingeringClose.ts) — a retry of a large file on a slow uplink would
   * fail on every attempt with its clip stored. The size limit still holds.
   */
  const answerReplay = async (request: FastifyRequest, reply: FastifyReply, clip: ClipView): Promise<FastifyReply> => {
    let received = 0;
    let over = false;
    try {
      // Over the limit the loop stops reading, leaving the socket to the lingering close (not destroyed).
      for await (const chunk of request.raw.iterator({ destroyOnReturn: false })) {
        received += (chunk as Buffer).length;
        if (received > bodyLimit) {
          over = true;
          break;
        }
      }
    } catch {
      // The client went away mid-body: no one reads this answer, and it is no server fault.
      throw uploadError(400, 'INVALID_INPUT', 'Malformed multipart/form-data body');
    }
    if (over) {
      // The rest flows away (the lingering close reads it): left paused, it would stop the socket too, and the
      // client's unsent body would reset the connection, the 413 with it.
      request.raw.resume();
      throw fileTooLarge(ctx.maxUploadBytes);
    }
    return reply.code(200).send(ok(clip));
  };

  const authenticate = requireAuth(ctx);
  const checkBeforeBody = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      // Who asks comes first: an anonymous caller learns nothing of the server's disk or tools.
      await authenticate.call(this, request, reply);
      const key = idempotencyKey(request.headers['idempotency-key']);
      const uploaded = key === null || !request.user ? null : await findUploadedClip(ctx, request.user.id, key);
      // A retry of an upload already stored (its answer was lost, or the client cut a stalled request after the
      // body had arrived): the handler answers that clip. Nothing will be stored: only the size limit applies.
      if (uploaded) {
        declaredWithinLimit(request);
        replays.set(request, uploaded);
      } else {
        await refuseEarly(request);
      }
    } catch (err) {
      // The body will not be read: closing the connection stops the client sending it.
      closeAfterResponse(reply);
      throw err;
    }
  };

  /** A failed upload whose body was not read to the end: close the connection rather than read the rest. */
  const closeIfUnread = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.raw.complete) closeAfterResponse(reply);
  };

  app.post('/api/v1/uploads', { onRequest: checkBeforeBody, onError: closeIfUnread }, async (request, reply) => {
    const replay = replays.get(request);
    if (replay) return answerReplay(request, reply, replay);
    if (!request.isMultipart()) throw uploadError(400, 'INVALID_INPUT', 'Expected a multipart/form-data body');
    const ffprobe = ctx.ffprobePath;
    if (!ffprobe) throw videoCheckUnavailable();
    const key = idempotencyKey(request.headers['idempotency-key']);
    await mkdir(partials, { recursive: true });
    const fields = new Map<string, string>();
    let file: ReceivedFile | null = null;
    /** Names of the files written for this upload; removed (wherever they are) when it fails. */
    const written: string[] = [];
    let eventChecked = false;
    // Names are fresh UUIDs: whatever carries one, in .partial/ or already stored, belongs to this upload.
    const discardWritten = () =>
      Promise.all(
        written.splice(0).flatMap((name) => [
          unlink(partialPath(name)).catch(() => undefined),
          media.remove(clipKey(name)).catch((e: unknown) => {
            request.log.warn(`could not remove ${clipKey(name)} of a failed upload: ${(e as Error).message}`);
          }),
        ]),
      );
    try {
      for await (const part of request.parts({
        limits: { fileSize: ctx.maxUploadBytes, files: 2, fields: 20, fieldSize: 4096 },
      })) {
        if (part.type === 'field') {
          const value = typeof part.value === 'string' ? part.value : String(part.value);
          // A field given twice is ambiguous (and a second eventId would escape the check below): refuse it.
          if (fields.has(part.fieldname)) {
            throw uploadError(400, 'INVALID_INPUT', 'Each form field may be sent once', { field: part.fieldname });
          }
          fields.set(part.fieldname, value);
          // Checked before the file arrives, so a wrong event is refused before the upload is read.
          if (part.fieldname === 'eventId' && value.trim() && !file) {
            if (!(await eventExists(value.trim()))) throw eventMissing(value.trim());
            eventChecked = true;
          }
          continue;
        }
        if (file || part.fieldname !== 'video') {
          part.file.resume();
          if (file) throw uploadError(400, 'TOO_MANY_FILES', 'Only one file may be uploaded per request');
          throw uploadError(400, 'INVALID_INPUT', `Unexpected file field; use 'video'`);
        }
        const filename = path.basename(part.filename || 'video');
        if (!isStorableText(filename) || filename.length > MAX_FILENAME_LENGTH) {
          part.file.resume();
          throw uploadError(400, 'INVALID_INPUT', 'Invalid file name', { field: 'video' });
        }
        const ext = path.extname(filename).toLowerCase();
        const mime = (part.mimetype || '').toLowerCase();
        if (!ALLOWED_MIME.includes(mime) && !ALLOWED_EXT.includes(ext)) {
          part.file.resume();
          throw unsupportedType({ filename, mimeType: mime });
        }
        const id = randomUUID();
        const storedExt = ALLOWED_EXT.includes(ext) ? ext : (EXT_FOR_MIME[mime] ?? '.bin');
        const storedName = `${id}${storedExt}`;
        written.push(storedName);
        const storedMime = ALLOWED_MIME.includes(mime) ? mime : (MIME_FOR_EXT[storedExt] ?? 'application/octet-stream');
        // busboy marks the file truncated at the limit but keeps reading the body to the end of the part;
        // stop at once instead (a chunked upload may never end).
        const overLimit = new AbortController();
        part.file.once('limit', () => overLimit.abort());
        // With a bucket, the body also goes up as it arrives (a multipart upload): ffprobe and the thumbnail still
        // read the local partial file, and the object is whole once the body has ended.
        const mirror = media.startUpload(clipKey(storedName), storedMime);
        const tee = mirror ? teeInto(mirror.sink) : null;
        mirror?.done.catch((err: unknown) => tee?.destroy(err as Error));
        try {
          const target = createWriteStream(partialPath(storedName), { flags: 'wx' });
          if (tee) await pipeline(part.file, tee, target, { signal: overLimit.signal });
          else await pipeline(part.file, target, { signal: overLimit.signal });
          await mirror?.done;
        } catch (err) {
          if (mirror) {
            mirror.sink.destroy(err as Error);
            await mirror.done.catch(() => undefined);
          }
          throw overLimit.signal.aborted ? fileTooLarge(ctx.maxUploadBytes) : err;
        }
        if (part.file.truncated) throw fileTooLarge(ctx.maxUploadBytes);
        const { size } = await stat(partialPath(storedName));
        file = { id, storedName, filename, mime: storedMime, size, stored: mirror !== null };
      }
      if (!file) throw uploadError(400, 'INVALID_INPUT', "No file uploaded: send the video in the 'video' field");
      const eventId = fields.get('eventId')?.trim() || null;
      if (eventId && !eventChecked && !(await eventExists(eventId))) throw eventMissing(eventId);
      const recordedAtRaw = fields.get('recordedAt')?.trim();
      const recordedAtGiven = recordedAtRaw
        ? v.safeParse(isoDateTime, recordedAtRaw)
        : ({ success: true, output: null } as const);
      if (!recordedAtGiven.success) {
        throw uploadError(400, 'INVALID_INPUT', 'recordedAt must be an ISO date-time', { field: 'recordedAt' });
      }

      const probed = await probeVideo(ffprobe, partialPath(file.storedName), file.filename);
      let thumbName: string | null = null;
      if (ctx.ffmpegPath) {
        const name = `${file.id}.jpg`;
        written.push(name);
        try {
          await thumbnail(ctx.ffmpegPath, partialPath(file.storedName), partialPath(name), probed.duration);
          thumbName = name;
        } catch (err) {
          request.log.warn(
            `ffmpeg thumbnail failed for clip ${file.id}; storing it without thumbnail (${(err as Error).message})`,
          );
        }
      }
      // The client's explicit recordedAt wins; then the camera's creation_time; then the upload time.
      const recordedAt = recordedAtGiven.output ?? probed.creationTime ?? new Date(ctx.now());
      const stored = file;
      const uploader = request.user;
      if (!uploader) throw new Error('upload without a signed-in user');
      // Disk: the renames, run in the transaction. A bucket: the thumbnail goes up now, the video is already there.
      const placeThumb = thumbName ? await media.prepare(clipKey(thumbName), partialPath(thumbName), 'image/jpeg') : null;
      const placeVideo = stored.stored
        ? null
        : await media.prepare(clipKey(stored.storedName), partialPath(stored.storedName), stored.mime);
      const row = await ctx.db.transaction(async (tx) => {
        // The row comes back with its matched tag (the same SQL as every listing), so the answer needs no read
        // after the commit: a read that failed there (owner revoked or deleted meanwhile, a database hiccup)
        // would answer 500 for a stored clip, and the client's queue would upload it again.
        const r = await tx.query<ClipRow & { tag: string | null }>(
          `INSERT INTO clips AS c (id, user_id, event_id, filename, stored_name, mime_type, size, duration, width,
               height, thumbnail_name, recorded_at, created_at, device, upload_key)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
             ON CONFLICT (user_id, upload_key) WHERE upload_key IS NOT NULL DO NOTHING
             RETURNING c.*, ${matchedTagSql('c')} AS tag`,
          [
            stored.id,
            uploader.id,
            eventId,
            stored.filename,
            stored.storedName,
            stored.mime,
            stored.size,
            probed.duration,
            probed.video?.width ?? null,
            probed.video?.height ?? null,
            thumbName,
            recordedAt,
            new Date(ctx.now()),
            probed.device,
            key,
          ],
        );
        const inserted = r.rows[0];
        // Another request with the same key stored its clip first: nothing of this one is placed.
        if (!inserted) return null;
        // Files move into uploads/ inside the transaction: a failed move rolls the row back.
        await placeThumb?.();
        await placeVideo?.();
        return inserted;
      });
      if (!row) {
        // Two sendings of one file at once (a retry while the first was still being checked): one clip, the
        // first stored; this one's files go, as a failed upload's do.
        const winner = key === null ? null : await findUploadedClip(ctx, uploader.id, key);
        if (!winner) throw new Error('clip insert returned no row');
        await discardWritten();
        return reply.code(200).send(ok(winner));
      }
      written.length = 0;
      // The local copy of a video streamed to the bucket.
      if (stored.stored) await unlink(partialPath(stored.storedName)).catch(() => undefined);
      // Committed: from here on the answer is 201. The view is the owner's, as GET /clips/{id} answers it.
      return reply.code(201).send({ success: true, data: toClipView(ctx, { ...row, user_email: uploader.email }) });
    } catch (err) {
      await discardWritten();
      const mapped = mapUploadError(err, ctx.maxUploadBytes);
      if (mapped.statusCode >= 500) request.log.error({ err }, 'upload failed');
      throw mapped;
    }
  });
}
