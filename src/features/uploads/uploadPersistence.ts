import { del, delMany, get, keys, set } from 'idb-keyval';
import * as v from 'valibot';
import { fullKey, IndexedDbKeys, readJson, remove, StorageKeys, writeJson } from '../../app/storage';
import { storedEventSchema } from '../events/public';
import type { UploadFileItem } from './uploadTypes';

/**
 * What outlives a reload: the upload session in local storage and the picked files' contents in
 * IndexedDB. Only reading and writing here; what is kept, and when it may be offered again, is decided
 * by uploadResumePolicy.ts.
 */

const fileItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  size: v.number(),
  type: v.string(),
  lastModified: v.number(),
  status: v.picklist(['pending', 'extracting-metadata', 'uploading', 'completed', 'failed']),
  progress: v.number(),
  // Details a file may lack after a crash mid-write: missing or malformed, they start over as unknown.
  metadata: v.fallback(v.nullable(v.object({ duration: v.nullable(v.number()) })), null),
  clipId: v.fallback(v.nullable(v.string()), null),
  error: v.fallback(v.nullable(v.object({ code: v.string(), message: v.string() })), null),
}) satisfies v.GenericSchema<unknown, UploadFileItem>;

/**
 * The upload session as kept in local storage (docs/product/part-1.md §3): only its incomplete files, and
 * whose they are (the signed-in user's id): it is offered to that user only (src/app/userData.ts). The
 * selected event is read like every stored event (its venue zone filled in for entries saved before events
 * kept one); an unreadable event becomes no event rather than costing the user their files.
 */
const storedSessionSchema = v.object({
  ownerId: v.string(),
  sessionId: v.string(),
  selectedEvent: v.fallback(v.nullable(storedEventSchema), null),
  files: v.array(fileItemSchema),
  createdAt: v.number(),
  lastActivity: v.number(),
  isActive: v.fallback(v.boolean(), false),
});

export type StoredUploadSession = v.InferOutput<typeof storedSessionSchema>;

const anyJson = (value: unknown): value is unknown => value !== undefined;

export function readUploadSession(): StoredUploadSession | null {
  const read = readJson('persistent', StorageKeys.uploadSession, anyJson);
  const parsed = read.status === 'ok' ? v.safeParse(storedSessionSchema, read.value) : null;
  if (read.status === 'corrupt' || (parsed && !parsed.success)) remove('persistent', StorageKeys.uploadSession);
  return parsed?.success ? parsed.output : null;
}

export function writeUploadSession(session: StoredUploadSession): void {
  const result = writeJson('persistent', StorageKeys.uploadSession, session);
  if (!result.ok) console.warn('Could not save the upload session');
}

export function clearUploadSession(): void {
  remove('persistent', StorageKeys.uploadSession);
}

// ── file contents in IndexedDB, so a reload loses nothing the user picked ──

const CONTENTS_PREFIX = fullKey(IndexedDbKeys.uploadContents);
const fileKey = (id: string) => `${CONTENTS_PREFIX}${id}`;

/** Keeps a picked file's contents until it is uploaded; false where the browser refuses the storage. */
export async function keepFileContents(id: string, file: File): Promise<boolean> {
  try {
    await set(fileKey(id), file);
    return true;
  } catch {
    return false;
  }
}

export async function loadFileContents(id: string): Promise<File | null> {
  try {
    const value: unknown = await get(fileKey(id));
    return value instanceof File ? value : null;
  } catch {
    return null;
  }
}

export async function dropFileContents(ids: string[]): Promise<void> {
  await Promise.all(ids.map((id) => del(fileKey(id)).catch(() => undefined)));
}

/** Drops every kept file's contents but those of `except` (a session's end, another user, leftovers). */
export async function dropAllFileContents(except: readonly string[] = []): Promise<void> {
  try {
    const keep = new Set(except.map(fileKey));
    const stale = (await keys()).filter((k) => typeof k === 'string' && k.startsWith(CONTENTS_PREFIX) && !keep.has(k));
    if (stale.length) await delMany(stale);
  } catch {
    /* IndexedDB refused: nothing was kept there either */
  }
}
