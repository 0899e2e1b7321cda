import type { LogoutReason } from '../features/session/model/logoutReasons';
import { remove, removeByPrefix, StorageKeys, StoragePrefixes, type IndexedDbKeys, type StorageArea } from './storage';

/**
 * Everything the browser keeps, named once: whose it is and what becomes of it when a session ends
 * (`signedOut` — Log out, expiry, inactivity, another tab's logout — and a start-up without a session,
 * `sessionAbsent`). A user's data lives and dies with their sign-in; a new entry in `StorageKeys` or
 * `IndexedDbKeys` must be added here (userData.test.ts fails otherwise, and so does the type check). What
 * each entry holds is said in a comment beside it, not in a string: this module is part of every page.
 *
 * Memory goes too: every per-user Redux slice returns to its initial state (`uploads` and the lazily
 * loaded `geolocation` and `tags` through their extraReducers, `session` itself) and the RTK Query cache is reset (`api.util.resetApiState()`, in
 * userDataSaga.ts); `login` (the sign-in flow's phase) and `shell` (sidebar and menu) are not per-user.
 * Device-wide too, outside this list: the `sidebar_state` cookie (a display preference) and the
 * `courtside.session` BroadcastChannel (memory only).
 */
export type AtSessionEnd =
  /** Removed at every session end (`removeUserStorage`, run by userDataSaga). */
  | 'remove'
  /**
   * Kept under the owner's user id and offered to that same user only, or removed, depending on why the
   * session ended (`keepsUploadsAfter`); removed as soon as another user signs in (uploadSessionSaga.ts, via `keepsStoredSession`).
   */
  | 'keep-for-owner'
  /** The session feature's own records, cleared by its logout flow (`clearSession` in logoutFlow.ts). */
  | 'session-feature'
  /**
   * Stored under its owner's user id and read only while that user is signed in; outlives the session, so a
   * sign-out never loses it (unsent TAG NOW moments, sent at the owner's next sign-in). Another user never
   * sees it: their key is their own id.
   */
  | 'owner-only'
  /** Not anyone's data: stays. */
  | 'stays';

export interface StoredEntry {
  area: StorageArea | 'indexedDb';
  owner: 'user' | 'device';
  atSessionEnd: AtSessionEnd;
}

type UserEntry = StoredEntry & { owner: 'user'; atSessionEnd: Exclude<AtSessionEnd, 'stays'> };
type DeviceEntry = StoredEntry & { owner: 'device'; atSessionEnd: 'stays' };

export const STORAGE_KEY_OWNERS: Record<keyof typeof StorageKeys, UserEntry | DeviceEntry> = {
  /** the auth record (token, user) */
  auth: { area: 'tab', owner: 'user', atSessionEnd: 'session-feature' },
  /** the remembered copy of the auth record ("Keep me signed in", mobile) */
  persistentAuth: {
    area: 'persistent',
    owner: 'user',
    atSessionEnd: 'session-feature',
  },
  /** a token whose server logout failed: kept in the tab until that logout is retried, never used to sign in */
  failedLogoutToken: {
    area: 'tab',
    owner: 'user',
    atSessionEnd: 'session-feature',
  },
  /** the legacy user entry (migrated at start; must never restore a previous user) */
  legacyUser: {
    area: 'persistent',
    owner: 'user',
    atSessionEnd: 'remove',
  },
  /** the legacy token entry */
  legacyToken: { area: 'persistent', owner: 'user', atSessionEnd: 'remove' },
  /** the upload session (incomplete files), stamped with its owner */
  uploadSession: {
    area: 'persistent',
    owner: 'user',
    atSessionEnd: 'keep-for-owner',
  },
  /** events this user picked lately */
  recentEvents: {
    area: 'persistent',
    owner: 'user',
    atSessionEnd: 'remove',
  },
  /** this user's event searches and their answers */
  searchCache: {
    area: 'persistent',
    owner: 'user',
    atSessionEnd: 'remove',
  },
  /** the state of a sign-in in progress (login CSRF check; no one is signed in yet) */
  loginState: {
    area: 'persistent',
    owner: 'device',
    atSessionEnd: 'stays',
  },
  /** cross-tab signal, removed as soon as written */
  syncSignal: {
    area: 'persistent',
    owner: 'device',
    atSessionEnd: 'stays',
  },
  /** which tab refreshes (no token) */
  refreshLease: { area: 'persistent', owner: 'device', atSessionEnd: 'stays' },
  /** "a refresh happened" marker (expiry time only) */
  refreshMarker: {
    area: 'persistent',
    owner: 'device',
    atSessionEnd: 'stays',
  },
  /** random id of this tab visit for error reports */
  tabSessionId: { area: 'tab', owner: 'device', atSessionEnd: 'stays' },
  /** the user's last location (15 min) */
  locationCache: {
    area: 'persistent',
    owner: 'user',
    atSessionEnd: 'remove',
  },
  /** the browser's location permission for the site, as last seen */
  locationPermission: {
    area: 'persistent',
    owner: 'device',
    atSessionEnd: 'stays',
  },
};

export const STORAGE_PREFIX_OWNERS: Record<keyof typeof StoragePrefixes, UserEntry | DeviceEntry> = {
  /**
   * the highlight editor's credential for one editing session (signed in as this user): removed at every session
   * end, so the next person on a shared tablet cannot reopen the previous user's editor from the history
   */
  editorCredential: { area: 'tab', owner: 'user', atSessionEnd: 'remove' },
};

export const INDEXED_DB_OWNERS: Record<keyof typeof IndexedDbKeys, UserEntry | DeviceEntry> = {
  /** picked files' contents, kept with the upload session that lists them */
  uploadContents: {
    area: 'indexedDb',
    owner: 'user',
    atSessionEnd: 'keep-for-owner',
  },
  /** tags made with TAG NOW not yet sent, or refused, per user (`courtside.tags.<userId>`) */
  tagOutbox: { area: 'indexedDb', owner: 'user', atSessionEnd: 'owner-only' },
};

/**
 * Whether an upload session outlives a session that ended for `reason`, for its owner's next sign-in.
 * Kept when the user did not choose to leave (a phone that signed a parent out by inactivity mid-upload
 * offers Resume when they sign back in); removed when they logged out themselves (a shared family
 * tablet hands over to the next person) or their account is gone or barred.
 */
const UPLOADS_KEPT_AFTER: Record<LogoutReason, boolean> = {
  user_logout: false,
  account_deleted: false,
  permission_revoked: false,
  session_timeout: true,
  session_expired: true,
  refresh_failed: true,
  authentication_failed: true,
  invalid_token: true,
  session_corrupted: true,
  migration_failed: true,
  logout_timeout: true,
  server_unreachable: true,
};

export function keepsUploadsAfter(reason: LogoutReason): boolean {
  return UPLOADS_KEPT_AFTER[reason];
}

/** Removes every storage entry classified 'remove' (the per-user entries nobody keeps). */
export function removeUserStorage(): void {
  for (const [name, entry] of Object.entries(STORAGE_KEY_OWNERS) as Array<[keyof typeof StorageKeys, StoredEntry]>) {
    if (entry.atSessionEnd === 'remove' && entry.area !== 'indexedDb') remove(entry.area, StorageKeys[name]);
  }
  for (const [name, entry] of Object.entries(STORAGE_PREFIX_OWNERS) as Array<[keyof typeof StoragePrefixes, StoredEntry]>) {
    if (entry.atSessionEnd === 'remove' && entry.area !== 'indexedDb') removeByPrefix(entry.area, StoragePrefixes[name]);
  }
}
