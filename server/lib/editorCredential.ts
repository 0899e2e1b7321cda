import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The two secrets of an editing session (docs/api.md "Editor sessions"):
 *
 * - the **launch token**: 32 random bytes (base64url) put in the editor's address once; only its SHA-256 is stored,
 *   and it is cleared when the editor trades the token for a credential, so it works once;
 * - the **editor credential**: `ced.<sessionId>.<expiresAtMs>.<sig>`, sig = base64url HMAC-SHA256 (the signing key)
 *   of `editor:<sessionId>:<expiresAtMs>`. It is accepted only by the editor-session routes of that one session
 *   (header `X-Editor-Credential`) and lapses with the session. It is not a JWT (four parts, another prefix and
 *   another signed text), so the user routes' bearer check refuses it, and no user token is ever accepted here as one.
 */

export const EDITOR_CREDENTIAL_PREFIX = 'ced';

/** A fresh launch token (43 base64url characters). */
export function newLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a launch token: its SHA-256, hex. */
export function hashLaunchToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function credentialSignature(secret: Buffer, sessionId: string, expiresAtMs: number): string {
  return createHmac('sha256', secret).update(`editor:${sessionId}:${expiresAtMs}`).digest('base64url');
}

/** The credential for session `sessionId` (a lowercase UUID) expiring at `expiresAtMs`. */
export function issueEditorCredential(secret: Buffer, sessionId: string, expiresAtMs: number): string {
  const id = sessionId.toLowerCase();
  return `${EDITOR_CREDENTIAL_PREFIX}.${id}.${expiresAtMs}.${credentialSignature(secret, id, expiresAtMs)}`;
}

const CREDENTIAL = /^ced\.([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * Checks `credential` for the session `sessionId` that expires at `expiresAtMs`:
 * 'ok'; 'other-session' when it is a genuine credential of another session; 'invalid' for anything else (absent,
 * malformed, forged, or signed for another expiry of this session). Expiry itself is the session's to judge.
 */
export function checkEditorCredential(
  secret: Buffer,
  credential: unknown,
  sessionId: string,
  expiresAtMs: number,
): 'ok' | 'other-session' | 'invalid' {
  if (typeof credential !== 'string') return 'invalid';
  const m = CREDENTIAL.exec(credential.trim());
  if (!m) return 'invalid';
  const [, id = '', exp = '', sig = ''] = m;
  const expected = Buffer.from(credentialSignature(secret, id, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (id !== sessionId.toLowerCase()) return 'other-session';
  return Number(exp) === expiresAtMs ? 'ok' : 'invalid';
}
