import { ApiError } from './envelope';

/** Idempotency-Key: 1–200 visible ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The Idempotency-Key header (POST /tags, POST /uploads): absent → null; present but not 1–200 visible ASCII
 * characters (or repeated) → 400.
 */
export function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new ApiError(400, 'INVALID_INPUT', 'Invalid Idempotency-Key header', {
      'headers.idempotency-key': 'must be 1 to 200 visible ASCII characters',
    });
  }
  return header;
}
