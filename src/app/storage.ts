/**
 * Browser storage behind a product-specific key prefix. Every read survives corrupt JSON and
 * every write survives a full or disabled storage: the caller gets a result, never an exception.
 */
export const STORAGE_PREFIX = 'courtside.';

export type StorageArea = 'tab' | 'persistent';

export type ReadResult<T> = { status: 'missing' } | { status: 'ok'; value: T } | { status: 'corrupt'; raw: string };

export type WriteResult = { ok: true } | { ok: false; reason: 'quota' | 'unavailable' };

function area(which: StorageArea): Storage | null {
  try {
    return which === 'tab' ? window.sessionStorage : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function fullKey(key: string): string {
  return STORAGE_PREFIX + key;
}

export function readRaw(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(fullKey(key)) ?? null;
  } catch {
    return null;
  }
}

/** Reads JSON and checks its shape; anything unparsable or failing `isValid` is 'corrupt'. */
export function readJson<T>(which: StorageArea, key: string, isValid: (v: unknown) => v is T): ReadResult<T> {
  const raw = readRaw(which, key);
  if (raw === null) return { status: 'missing' };
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? { status: 'ok', value } : { status: 'corrupt', raw };
  } catch {
    return { status: 'corrupt', raw };
  }
}

export function writeRaw(which: StorageArea, key: string, value: string): WriteResult {
  const s = area(which);
  if (!s) return { ok: false, reason: 'unavailable' };
  try {
    s.setItem(fullKey(key), value);
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: e instanceof DOMException && /quota/i.test(e.name) ? 'quota' : 'unavailable' };
  }
}

export function writeJson(which: StorageArea, key: string, value: unknown): WriteResult {
  return writeRaw(which, key, JSON.stringify(value));
}

export function remove(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(fullKey(key));
  } catch {
    /* nothing to remove from an unavailable storage */
  }
}

/** Removes every entry whose key starts with `prefix` (keys made per id, e.g. one per editing session). */
export function removeByPrefix(which: StorageArea, prefix: string): void {
  const s = area(which);
  if (!s) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < s.length; i += 1) {
      const key = s.key(i);
      if (key?.startsWith(fullKey(prefix))) keys.push(key);
    }
    for (const key of keys) s.removeItem(key);
  } catch {
    /* nothing to remove from an unavailable storage */
  }
}

/**
 * Keys of every entry the product keeps in local and tab storage, in one place. Each one is classified
 * as per-user or device-wide, with what happens to it when a session ends, in `userData.ts` (a test fails
 * for a key that is not).
 */
export const StorageKeys = {
  auth: 'auth',
  persistentAuth: 'auth.persistent',
  failedLogoutToken: 'auth.failedLogoutToken',
  loginState: 'auth.loginState',
  legacyUser: 'user',
  legacyToken: 'token',
  uploadSession: 'uploads.session',
  recentEvents: 'events.recent',
  searchCache: 'events.searchCache',
  syncSignal: 'auth.sync',
  refreshLease: 'auth.refreshLease',
  tabSessionId: 'tab.sessionId',
  refreshMarker: 'auth.refreshMarker',
  locationCache: 'geolocation.cache',
  locationPermission: 'geolocation.permission',
} as const;

/**
 * Key prefixes of storage entries made per id (`courtside.<prefix><id>`). Classified in `userData.ts`.
 * The highlight editor (src/editor/credentialStore.ts, a separate bundle) writes the first; it cannot import
 * this module, so the two spellings are checked against each other by a test.
 */
export const StoragePrefixes = {
  /** The editor's session-scoped credential, per editing session (tab storage). */
  editorCredential: 'editor.credential.',
} as const;

/**
 * Key prefixes of what the product keeps in IndexedDB (idb-keyval's default database `keyval-store`,
 * store `keyval`), each followed by an id. Classified in `userData.ts` like `StorageKeys`.
 */
export const IndexedDbKeys = {
  /** A picked file's contents until it is uploaded (`courtside.upload.<fileId>`). */
  uploadContents: 'upload.',
  /** TAG NOW's unsent and refused tags of one user (`courtside.tags.<userId>`). */
  tagOutbox: 'tags.',
} as const;
