import { PRODUCT_NAME } from './product';

/**
 * Redux DevTools sanitizers: support staff can replay a user's state (DevTools in production, and the
 * 'Download diagnostics' file, which uses these same functions), but never see a token, a sign-in
 * code or an e-mail address. This file is the one implementation of that redaction; error reports
 * reuse its text scrubbing (`scrubSecrets`).
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /^(token|accessToken|refreshToken|idToken|authorization|failedLogoutToken|authCode|authorizationCode)$/i;
/** Whole values that identify a person; their key is enough to redact them. */
const PERSONAL_KEY = /^(email|emailAddress)$/i;
const JWT = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;
const BEARER = /Bearer\s+\S+/gi;
// A sign-in callback URL (or its query string) carries the single-use code and the CSRF state.
const SECRET_PARAMS = /([?&](?:code|state|token|access_token|id_token|sig)=)[^&#\s]*/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Deeper than any state or action of this app; past it a value is replaced rather than copied unchecked.
const MAX_DEPTH = 32;

/** Tokens (JWT-shaped or after `Bearer`) and secret URL parameters in free text, e.g. an error message. */
export function scrubSecrets(text: string): string {
  return text.replace(BEARER, `Bearer ${REDACTED}`).replace(JWT, REDACTED).replace(SECRET_PARAMS, `$1${REDACTED}`);
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

export function redactSecrets<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (depth > MAX_DEPTH && value && typeof value === 'object') return REDACTED as T;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(source)) {
      out[k] = isSecretEntry(k, v, source) ? REDACTED : redactSecrets(v, depth + 1);
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
