import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { ApiError } from '../lib/envelope';
import { probe, thumbnail } from '../lib/ffmpeg';
import { signMediaPath } from '../lib/media';

export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

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

/** Upload failures carry `code` and `errorCode` (same value) and `details.statusCode`. */
export function uploadError(status: number, code: string, message: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, code, message, { statusCode: status, ...details }, { errorCode: code });
}

export interface ClipRow {
  id: string;
  user_id: string;
  event_id: string | null;
  filename: string;
  stored_name: string;
  mime_type: string;
  size: number | string | bigint;
  duration: number | null;
  thumbnail_name: string | null;
  recorded_at: Date;
}

export interface ClipView {
  id: string;
  eventId: string | null;
  filename: string;
  size: number;
  duration: number | null;
  thumbnailUrl: string | null;
  videoUrl: string;
  timestamp: string;
}

export function toClipView(ctx: AppContext, row: ClipRow): ClipView {
  const now = ctx.now();
  return {
    id: row.id,
    eventId: row.event_id,
    filename: row.filename,
    size: Number(row.size),
    duration: row.duration,
    thumbnailUrl: row.thumbnail_name ? signMediaPath(ctx.secret, `/media/clips/${row.id}/thumbnail`, now) : null,
    videoUrl: signMediaPath(ctx.secret, `/media/clips/${row.id}/video`, now),
    timestamp: row.recorded_at.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mapMultipartError(err: unknown, maxBytes: number): ApiError {
  if (err instanceof ApiError) return err;
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return uploadError(413, 'FILE_TOO_LARGE', 'File too large (max 100MB)', { maxBytes });
    case 'FST_FILES_LIMIT':
      return uploadError(400, 'TOO_MANY_FILES', 'Only one file may be uploaded per request');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return uploadError(400, 'INVALID_INPUT', 'Expected a multipart/form-data body');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return uploadError(400, 'INVALID_INPUT', 'Too many form fields');
    default:
      return uploadError(500, 'UPLOAD_FAILED', 'Upload failed');
  }
}

export function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const eventExists = async (eventId: string): Promise<boolean> =>
    UUID.test(eventId) && (await ctx.db.query('SELECT 1 FROM events WHERE id = $1', [eventId])).rows.length > 0;
  const eventMissing = (eventId: string): ApiError => uploadError(404, 'EVENT_MATCHING_FAILED', 'Event not found', { eventId });

  app.post('/api/v1/uploads', { preHandler: requireAuth(ctx) }, async (request, reply) => {
    if (!request.isMultipart()) throw uploadError(400, 'INVALID_INPUT', 'Expected a multipart/form-data body');
    const fields: Record<string, string> = {};
    let file: { id: string; storedName: string; filename: string; mime: string; size: number } | null = null;
    let partial: string | null = null;
    let eventChecked = false;
    try {
      for await (const part of request.parts({
        limits: { fileSize: ctx.maxUploadBytes, files: 2, fields: 20, fieldSize: 4096 },
      })) {
        if (part.type === 'field') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          if (part.fieldname === 'eventId' && fields.eventId && !file) {
            if (!(await eventExists(fields.eventId))) throw eventMissing(fields.eventId);
            eventChecked = true;
          }
          continue;
        }
        if (file || part.fieldname !== 'video') {
          part.file.resume();
          if (file) throw uploadError(400, 'TOO_MANY_FILES', 'Only one file may be uploaded per request');
          throw uploadError(400, 'INVALID_INPUT', `Unexpected file field '${part.fieldname}'; use 'video'`);
        }
        const filename = path.basename(part.filename || 'video');
        const ext = path.extname(filename).toLowerCase();
        const mime = (part.mimetype || '').toLowerCase();
        if (!ALLOWED_MIME.includes(mime) && !ALLOWED_EXT.includes(ext)) {
          part.file.resume();
          throw uploadError(400, 'INVALID_FILE_TYPE', 'Unsupported file type', { filename, mimeType: mime });
        }
        const id = randomUUID();
        const storedExt = ALLOWED_EXT.includes(ext) ? ext : (EXT_FOR_MIME[mime] ?? '.bin');
        const storedName = `${id}${storedExt}`;
        partial = path.join(ctx.uploadsDir, storedName);
        await pipeline(part.file, createWriteStream(partial, { flags: 'wx' }));
        if (part.file.truncated) throw uploadError(413, 'FILE_TOO_LARGE', 'File too large (max 100MB)');
        const { size } = await stat(partial);
        file = { id, storedName, filename, mime: mime || MIME_FOR_EXT[storedExt] || 'application/octet-stream', size };
      }
      if (!file) throw uploadError(400, 'INVALID_INPUT', "No file uploaded: send the video in the 'video' field");
      const eventId = fields.eventId?.trim() || null;
      if (eventId && !eventChecked && !(await eventExists(eventId))) throw eventMissing(eventId);
      const recordedAtRaw = fields.recordedAt?.trim();
      if (recordedAtRaw && Number.isNaN(Date.parse(recordedAtRaw))) {
        throw uploadError(400, 'INVALID_INPUT', 'recordedAt must be an ISO date-time', { field: 'recordedAt' });
      }

      let duration: number | null = null;
      let creationTime: Date | null = null;
      let thumbName: string | null = null;
      if (ctx.ffprobePath) {
        try {
          ({ duration, creationTime } = await probe(ctx.ffprobePath, partial ?? ''));
        } catch (err) {
          request.log.warn(`ffprobe failed for clip ${file.id}; storing it without duration (${(err as Error).message})`);
        }
      }
      if (ctx.ffmpegPath) {
        const name = `${file.id}.jpg`;
        try {
          await thumbnail(ctx.ffmpegPath, partial ?? '', path.join(ctx.uploadsDir, name), duration);
          thumbName = name;
        } catch (err) {
          await unlink(path.join(ctx.uploadsDir, name)).catch(() => undefined);
          request.log.warn(
            `ffmpeg thumbnail failed for clip ${file.id}; storing it without thumbnail (${(err as Error).message})`,
          );
        }
      }
      const recordedAt = recordedAtRaw ? new Date(recordedAtRaw) : (creationTime ?? new Date(ctx.now()));
      const r = await ctx.db.query<ClipRow>(
        `INSERT INTO clips (id, user_id, event_id, filename, stored_name, mime_type, size, duration, thumbnail_name, recorded_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
        [
          file.id,
          request.user?.id,
          eventId,
          file.filename,
          file.storedName,
          file.mime,
          file.size,
          duration,
          thumbName,
          recordedAt,
          new Date(ctx.now()),
        ],
      );
      const row = r.rows[0];
      if (!row) throw new Error('clip insert returned no row');
      partial = null;
      return reply.code(201).send({ success: true, data: toClipView(ctx, row) });
    } catch (err) {
      if (partial) {
        const base = path.basename(partial, path.extname(partial));
        await unlink(partial).catch(() => undefined);
        await unlink(path.join(ctx.uploadsDir, `${base}.jpg`)).catch(() => undefined);
      }
      const mapped = mapMultipartError(err, ctx.maxUploadBytes);
      if (mapped.statusCode >= 500) request.log.error({ err }, 'upload failed');
      throw mapped;
    }
  });

  app.get<{ Params: { id: string } }>('/api/v1/clips/:id', { preHandler: requireAuth(ctx) }, async (request) => {
    const id = request.params.id;
    const r = UUID.test(id) ? await ctx.db.query<ClipRow>('SELECT * FROM clips WHERE id = $1', [id]) : { rows: [] };
    const row = r.rows[0];
    if (!row) throw new ApiError(404, 'CLIP_NOT_FOUND', 'Clip not found');
    return { success: true, data: toClipView(ctx, row) };
  });
}
