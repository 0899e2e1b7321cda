import { fullKey, IndexedDbKeys, readJson, remove, StorageKeys, writeJson } from '../../app/storage';
import type { EventSummary } from '../events/public';
import type { UploadFileItem } from './uploadTypes';

/**
 * What outlives a reload: the upload session in local storage and the picked files' contents in
 * IndexedDB. Only reading and writing here; what is kept, and when it may be offered again, is decided
 * by uploadResumePolicy.ts.
 */

/**
 * The upload session as kept in local storage (docs/product/part-1.md §3): only its incomplete files, and whose
 * they are (the signed-in user's id): it is offered to that user only (src/app/userData.ts).
 */
export interface StoredUploadSession {
  ownerId: string;
  sessionId: string;
  selectedEvent: EventSummary | null;
  files: UploadFileItem[];
  createdAt: number;
  lastActivity: number;
  isActive: boolean;
}

function isFileItem(v: unknown): v is UploadFileItem {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.id === 'string' &&
    typeof f.name === 'string' &&
    typeof f.size === 'number' &&
    typeof f.type === 'string' &&
    typeof f.lastModified === 'number' &&
    typeof f.status === 'string' &&
    typeof f.progress === 'number'
  );
}

function isStoredSession(v: unknown): v is StoredUploadSession {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.ownerId === 'string' &&
    typeof s.sessionId === 'string' &&
    typeof s.createdAt === 'number' &&
    typeof s.lastActivity === 'number' &&
    Array.isArray(s.files) &&
    s.files.every(isFileItem) &&
    (s.selectedEvent === null ||
      (typeof s.selectedEvent === 'object' && typeof (s.selectedEvent as { id?: unknown }).id === 'string'))
  );
}

export function readUploadSession(): StoredUploadSession | null {
  const read = readJson('persistent', StorageKeys.uploadSession, isStoredSession);
  if (read.status === 'corrupt') remove('persistent', StorageKeys.uploadSession);
  return read.status === 'ok' ? read.value : null;
}

export function writeUploadSession(session: StoredUploadSession): void {
  const result = writeJson('persistent', StorageKeys.uploadSession, session);
  if (!result.ok) console.warn('Could not save the upload session');
}

export function clearUploadSession(): void {
  remove('persistent', StorageKeys.uploadSession);
}

// ── file contents in IndexedDB, so a reload loses nothing the user picked ──

/**
 * idb-keyval loads with the first upload-related use, not with every page: the initial JS is what all pages
 * pay for. A chunk that cannot load (offline, not cached) fails like a refused IndexedDB: nothing is lost
 * that was not already unreachable.
 */
const idb = () => import(/* webpackChunkName: "idb-keyval" */ 'idb-keyval');

const CONTENTS_PREFIX = fullKey(IndexedDbKeys.uploadContents);
const fileKey = (id: string) => `${CONTENTS_PREFIX}${id}`;

/** Keeps a picked file's contents until it is uploaded; false where the browser refuses the storage. */
export async function keepFileContents(id: string, file: File): Promise<boolean> {
  try {
    await (await idb()).set(fileKey(id), file);
    return true;
  } catch {
    return false;
  }
}

export async function loadFileContents(id: string): Promise<File | null> {
  try {
    const value: unknown = await (await idb()).get(fileKey(id));
    return value instanceof File ? value : null;
  } catch {
    return null;
  }
}

export async function dropFileContents(ids: string[]): Promise<void> {
  const store = await idb().catch(() => null);
  if (!store) return;
  await Promise.all(ids.map((id) => store.del(fileKey(id)).catch(() => undefined)));
}

/** Drops every kept file's contents but those of `except` (a session's end, another user, leftovers). */
export async function dropAllFileContents(except: readonly string[] = []): Promise<void> {
  try {
    const { keys, delMany } = await idb();
    const keep = new Set(except.map(fileKey));
    const stale = (await keys()).filter((k) => typeof k === 'string' && k.startsWith(CONTENTS_PREFIX) && !keep.has(k));
    if (stale.length) await delMany(stale);
  } catch {
    /* IndexedDB refused: nothing was kept there either */
  }
}
