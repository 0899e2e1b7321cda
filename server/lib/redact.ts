import { redactShareIds } from './shareIds';

/**
 * Removes credentials from text that is kept (client error reports): tokens must never be stored, whatever
 * the shape they arrive in. Errs on the side of removing too much; stack frames and messages stay readable.
 */

/** Query/fragment/form parameters and JSON keys whose values are credentials. */
const SECRET_NAMES = String.raw`[\w-]*token|code|state|sig|signature|password|passwd|secret|api_?key|auth|session_?id|jwt`;

/** `name=value` in URLs (query or fragment), forms and free text; also the URL-encoded `name%3Dvalue` form. */
const PARAM = new RegExp(String.raw`(\b(?:${SECRET_NAMES})(?:=|%3D))((?:[^&#\s"'<>%;,]|%(?!26|23|3B)[0-9A-Fa-f]{2})+)`, 'gi');
/** `"token": "value"` (a logged JSON body). */
const JSON_FIELD = new RegExp(String.raw`("(?:${SECRET_NAMES})"\s*:\s*")((?:[^"\\]|\\.)*)`, 'gi');
/** Authorization header values. */
const AUTH_SCHEME = /(\b(?:Bearer|Basic|Token)\s+)[^\s"',;]+/gi;
/** JWT/JWS: base64url JSON header `eyJ…`, then payload and (possibly empty) signature. */
const JWT = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;

/**
 * A run of token characters, allowed to continue over line breaks (a wrapped token in a message or stack).
 * Dots and slashes are included so a JWT or a standard-base64 token is seen whole.
 */
const RUN = /[A-Za-z0-9+/_=.-]+(?:(?:\r\n|\r|\n)[ \t]*[A-Za-z0-9+/_=.-]+)*/g;

/** A path (in a URL, a stack frame, a message): up to a query, a fragment, a space or a quote. */
const PATH = /\/[^\s"'<>?#]*/g;

/** 32+ characters mixing upper case, lower case and digits: random bytes in base64, not a word or a hash. */
function isRandomLooking(segment: string): boolean {
  return segment.length >= 32 && /[A-Z]/.test(segment) && /[a-z]/.test(segment) && /\d/.test(segment);
}

function looksLikeSecret(run: string): boolean {
  const joined = run.replace(/\s+/g, '');
  if (/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+/.test(joined)) return true;
  return joined.split(/[./]/).some((segment) => isRandomLooking(segment.replace(/=+$/, '')));
}

export function scrub(text: string): string {
  return (
    text
      .replace(AUTH_SCHEME, '$1[REDACTED]')
      .replace(JSON_FIELD, '$1[REDACTED]')
      .replace(PARAM, '$1[REDACTED]')
      .replace(JWT, '[REDACTED_JWT]')
      .replace(RUN, (run) => (looksLikeSecret(run) ? '[REDACTED]' : run))
      // A share link id (24 characters) is too short to look random above, yet opens the highlight: cut as in logs.
      .replace(PATH, (pathname) => redactShareIds(pathname))
  );
}
