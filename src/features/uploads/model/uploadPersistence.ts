import { fullKey, IndexedDbKeys, readJson, remove, StorageKeys, writeJson } from '../../../app/storage';
import type { EventSummary } from '../../events/public';
import type { UploadFileItem } from './uploadTypes';
import { CANCEL } from 'redux-saga';
import { tryWebLock } from '../../../app/webLock';
import type { UseStore } from 'idb-keyval';

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

/** Lets go of this tab's hold on the stored upload session. */
export type ReleaseStoredSession = () => void;

/**
 * Holds the stored upload session for this tab, where no other open tab of this browser holds it (a Web Lock
 * named as the stored record, released by the browser when the tab goes): the release, or null while another
 * tab holds it. There is one stored session per browser, so two tabs writing it would overwrite each other, and
 * one would offer to resume what the other is still sending (docs/decisions.md "Upload resume"). Without Web Locks
 * (older browsers) every tab holds it, as before they existed.
 */
export function claimStoredSession(): Promise<ReleaseStoredSession | null> {
  // Where the browser refuses locks, every tab holds it, as without them.
  return tryWebLock(fullKey(StorageKeys.uploadSession)).catch(() => () => undefined);
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

/** idb-keyval's own database and store, opened once: a copy needs its transaction in hand to abort it. */
let keyvalStore: UseStore | null = null;

/**
 * Keeps a picked file's contents until it is uploaded; false where the browser refuses the storage, or when
 * the copy was cancelled. Cancelling the saga that waits on it (redux-saga calls the promise's CANCEL) aborts
 * the IndexedDB transaction, so a copy of 50 MB stops writing to the disk the transfers need.
 */
export function keepFileContents(id: string, file: File): Promise<boolean> & { [CANCEL]: () => void } {
  let transaction: IDBTransaction | null = null;
  let cancelled = false;
  const copy = async () => {
    try {
      const { createStore, set } = await idb();
      keyvalStore ??= createStore('keyval-store', 'keyval');
      const store = keyvalStore;
      await set(fileKey(id), file, (mode, callback) =>
        store(mode, (objectStore) => {
          transaction = objectStore.transaction;
          if (cancelled) transaction.abort();
          return callback(objectStore);
        }),
      );
      return !cancelled;
    } catch {
      return false;
    }
  };
  return Object.assign(copy(), {
    [CANCEL]: () => {
      cancelled = true;
      try {
        transaction?.abort();
      } catch {
        /* the copy had already ended */
      }
    },
  });
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
