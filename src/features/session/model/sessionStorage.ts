import { readJson, readRaw, remove, StorageKeys, writeJson, writeRaw, type WriteResult } from '../../../app/storage';
import { checkAuthRecord, isStoredAuthRecord, readUser, type AuthRecord } from './authRecord';
import { PERSISTENT_SESSION_MAX_AGE_MS } from './constants';
import type { LogoutReason } from './logoutReasons';

/** Where the auth record lives (docs/product/part-1.md §9): tab storage always, a persistent copy with remember-me or on mobile. */
export type RestoreOutcome =
  | { kind: 'restored'; record: AuthRecord; source: 'tab' | 'persistent' | 'legacy' }
  | { kind: 'none'; reason: LogoutReason | null };

function clearAuthEntries(): void {
  remove('tab', StorageKeys.auth);
  remove('persistent', StorageKeys.persistentAuth);
}

/**
 * Restore at start (docs/product/part-1.md §4): tab storage, then persistent storage, then the legacy
 * user + token pair, which is migrated and removed. A corrupt entry is cleared and the next source
 * is tried; when none yields a session, the first refusal's reason is reported.
 */
export function restoreSession(deviceNow: number): RestoreOutcome {
  let firstRefusal: LogoutReason | null = null;
  const refuse = (reason: LogoutReason) => {
    firstRefusal ??= reason;
  };

  for (const [source, area, key] of [
    ['tab', 'tab', StorageKeys.auth],
    ['persistent', 'persistent', StorageKeys.persistentAuth],
  ] as const) {
    const read = readJson(area, key, isStoredAuthRecord);
    if (read.status === 'missing') continue;
    if (read.status === 'corrupt') {
      remove(area, key);
      refuse('session_corrupted');
      continue;
    }
    if (source === 'persistent' && deviceNow - read.value.lastActivity > PERSISTENT_SESSION_MAX_AGE_MS) {
      remove(area, key);
      refuse('session_expired');
      continue;
    }
    const verdict = checkAuthRecord(read.value, deviceNow);
    if (!verdict.ok) {
      remove(area, key);
      refuse(verdict.reason);
      continue;
    }
    return { kind: 'restored', record: verdict.record, source };
  }

  const legacy = migrateLegacy(deviceNow);
  if (legacy.kind === 'restored') return legacy;
  return { kind: 'none', reason: firstRefusal ?? legacy.reason };
}

/** The legacy pair: `user` (JSON) and `token` (raw string). Both entries are removed whatever happens. */
function migrateLegacy(deviceNow: number): RestoreOutcome {
  const rawUser = readRaw('persistent', StorageKeys.legacyUser);
  const rawToken = readRaw('persistent', StorageKeys.legacyToken);
  if (rawUser === null && rawToken === null) return { kind: 'none', reason: null };
  remove('persistent', StorageKeys.legacyUser);
  remove('persistent', StorageKeys.legacyToken);
  let user: unknown;
  try {
    user = rawUser === null ? null : JSON.parse(rawUser);
  } catch {
    return { kind: 'none', reason: 'migration_failed' };
  }
  const legacyUser = readUser(user);
  if (!legacyUser || !rawToken) return { kind: 'none', reason: 'migration_failed' };
  const record: AuthRecord = {
    user: legacyUser,
    token: rawToken,
    lastActivity: deviceNow,
    lastRefresh: deviceNow,
    persistAcrossRestarts: false,
    clockOffsetMs: 0,
  };
  const verdict = checkAuthRecord(record, deviceNow);
  if (!verdict.ok) return { kind: 'none', reason: verdict.reason };
  saveSession(verdict.record, false);
  return { kind: 'restored', record: verdict.record, source: 'legacy' };
}

/** Writes the record to tab storage, and the persistent copy when remember-me is set or on mobile. */
export function saveSession(record: AuthRecord, mobile: boolean): WriteResult {
  const result = writeJson('tab', StorageKeys.auth, record);
  if (record.persistAcrossRestarts || mobile) writeJson('persistent', StorageKeys.persistentAuth, record);
  else remove('persistent', StorageKeys.persistentAuth);
  return result;
}

export function clearSession(): void {
  clearAuthEntries();
}

/** A token whose server logout failed, kept in tab storage to be retried (docs/product/part-1.md §4). */
export function readFailedLogoutToken(): string | null {
  return readRaw('tab', StorageKeys.failedLogoutToken);
}

export function keepFailedLogoutToken(token: string): void {
  writeRaw('tab', StorageKeys.failedLogoutToken, token);
}

export function forgetFailedLogoutToken(): void {
  remove('tab', StorageKeys.failedLogoutToken);
}
