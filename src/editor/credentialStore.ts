/**
 * The editor credential, kept in this tab's session storage under the session's id so a reload of the editor
 * (after the token was stripped from the address) still works. Never in a URL. Storage that throws (private
 * modes, quota) or holds garbage is treated as empty.
 */

const PREFIX = 'courtside.editor.credential.';

export interface StoredCredential {
  credential: string;
  expiresAt: string;
}

export function storageKey(sessionId: string): string {
  return `${PREFIX}${sessionId}`;
}

export function saveCredential(storage: Storage, sessionId: string, value: StoredCredential): void {
  try {
    storage.setItem(storageKey(sessionId), JSON.stringify(value));
  } catch {
    // the editor still works in this page; only a reload will need the link again
  }
}

/** The stored credential for this session, or null when absent, unreadable or expired at `nowMs`. */
export function readCredential(storage: Storage, sessionId: string, nowMs: number): string | null {
  let raw: string | null;
  try {
    raw = storage.getItem(storageKey(sessionId));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredCredential> | null;
    if (!parsed || typeof parsed.credential !== 'string' || typeof parsed.expiresAt !== 'string') return null;
    const expires = Date.parse(parsed.expiresAt);
    if (!Number.isFinite(expires) || expires <= nowMs) return null;
    return parsed.credential;
  } catch {
    return null;
  }
}

export function forgetCredential(storage: Storage, sessionId: string): void {
  try {
    storage.removeItem(storageKey(sessionId));
  } catch {
    // nothing to forget
  }
}
