import { PRODUCT_NAME } from './product';

/**
 * Redux DevTools sanitizers: support staff can replay a user's state (DevTools in production, and the
 * 'Download diagnostics' file, which uses these same functions), but never see a token, a sign-in
 * code, an e-mail address or a whole share id. This file is the one implementation of that redaction; error
 * reports reuse its text scrubbing (`scrubSecrets`).
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /^(token|accessToken|refreshToken|idToken|authorization|failedLogoutToken|authCode|authorizationCode)$/i;
/** Whole values that identify a person; their key is enough to redact them. */
const PERSONAL_KEY = /^(email|emailAddress)$/i;
const JWT = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const BEARER = /Bearer\s+\S+/gi;
// A sign-in callback URL (or its query string) carries the single-use code and the CSRF state.
const SECRET_PARAMS = /([?&](?:code|state|token|access_token|id_token|sig)=)[^&#\s]*/gi;
// A share id is a bearer capability (whoever holds it watches the highlight): the segment after `/s/` (the link)
// or `shares/` (the API and media paths) keeps its first 4 characters, as the server's logs do
// (server/lib/shareIds.ts `redactShareIds`): enough to tell two links apart, too few to use.
const SHARE_ID_KEPT_CHARS = 4;
const SHARE_PATH = /\b((?:s|shares)\/)([^/?#\s"'…]{4})[^/?#\s"'…]+/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Deeper than any state or action of this app; past it a value is replaced rather than copied unchecked.
const MAX_DEPTH = 32;

/** A share id cut to what a log line may show: 'Qm9vdHNP…' → 'Qm9v…'. */
function shortShareId(shareId: string): string {
  return `${[...shareId].slice(0, SHARE_ID_KEPT_CHARS).join('')}…`;
}

/** Tokens (JWT-shaped or after `Bearer`), secret URL parameters and share ids in paths in free text, e.g. an error message. */
export function scrubSecrets(text: string): string {
  return text
    .replace(BEARER, `Bearer ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(SHARE_PATH, '$1$2…');
}

/** `scrubSecrets` plus e-mail addresses: for state and actions, which support may see. */
function scrubText(text: string): string {
  return scrubSecrets(text).replace(EMAIL, REDACTED);
}

/**
 * `code` is the sign-in code in request arguments (`completeLogin({ code })`) but an error code in a
 * failure envelope (`{ success: false, error, code: 'AUTH_CODE_EXPIRED' }`), which support needs: it
 * is kept only beside an error message.
 */
function isErrorEnvelope(value: Record<string, unknown>): boolean {
  return value.success === false || typeof value.error === 'string' || typeof value.serverMessage === 'string';
}

function isSecretEntry(key: string, value: unknown, parent: Record<string, unknown>): boolean {
  if (value == null) return false;
  if (SECRET_KEY.test(key) || PERSONAL_KEY.test(key)) return true;
  return key === 'code' && !isErrorEnvelope(parent);
}

/**
 * A share id's value: under `shareId` (how the screens' links hold it, shareSchemas.ts), or under `id` beside the
 * link's own `url` (a link as the API sends it, should one ever be stored that way).
 */
function isShareIdEntry(key: string, value: unknown, parent: Record<string, unknown>): value is string {
  if (typeof value !== 'string' || value === '') return false;
  if (key === 'shareId') return true;
  return key === 'id' && typeof parent.url === 'string' && parent.url.includes(`/s/${value}`);
}

export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (depth > MAX_DEPTH && value && typeof value === 'object') return REDACTED as T;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(source)) {
      if (isSecretEntry(k, v, source)) out[k] = REDACTED;
      else if (isShareIdEntry(k, v, source)) out[k] = shortShareId(v);
      else out[k] = redactSecrets(v, depth + 1);
    }
    return out as T;
  }
  return value;
}

export const devToolsOptions = {
  name: PRODUCT_NAME,
  actionSanitizer: <A>(action: A) => redactSecrets(action),
  stateSanitizer: <S>(state: S) => redactSecrets(state),
};
