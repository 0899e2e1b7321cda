import { PRODUCT_NAME } from './product';

/**
 * Redux DevTools sanitizers: support staff can replay a user's state, but never see a token.
 * Any value under a token-ish key, and any string shaped like a JWT anywhere, is replaced.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /^(token|accessToken|refreshToken|authorization|failedLogoutToken)$/i;
const JWT_SHAPE = /^[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/;
const BEARER = /Bearer\s+[A-Za-z0-9._-]+/g;

export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > 12) return value;
  if (typeof value === 'string') {
    if (JWT_SHAPE.test(value)) return REDACTED as T;
    return (value.includes('Bearer') ? value.replace(BEARER, `Bearer ${REDACTED}`) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SECRET_KEY.test(k) && v != null ? REDACTED : redactSecrets(v, depth + 1);
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
