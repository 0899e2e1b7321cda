import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  userId: string;
  /** The sign-in this token belongs to: kept across refreshes, revoked as a whole by logout. */
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

export type VerifyResult =
  { ok: true; claims: TokenClaims; expired: boolean } | { ok: false; reason: 'malformed' | 'signature' | 'claims' };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Issues an HS256 JWT with claims userId, sid, iat, exp (seconds) and a fresh jti. */
export function issueToken(
  userId: string,
  sid: string,
  secret: Buffer,
  nowMs: number,
  ttlSeconds: number,
): { token: string; claims: TokenClaims } {
  const iat = Math.floor(nowMs / 1000);
  const claims: TokenClaims = { userId, sid, iat, exp: iat + ttlSeconds, jti: randomUUID() };
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return { token: `${body}.${sign(body, secret).toString('base64url')}`, claims };
}

function isClaims(value: unknown): value is TokenClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  // Both ids reach uuid columns: anything else would be a database error instead of a 401.
  return (
    typeof v.userId === 'string' &&
    UUID.test(v.userId) &&
    typeof v.sid === 'string' &&
    UUID.test(v.sid) &&
    typeof v.jti === 'string' &&
    typeof v.iat === 'number' &&
    Number.isFinite(v.iat) &&
    typeof v.exp === 'number' &&
    Number.isFinite(v.exp)
  );
}

/** Checks structure, algorithm and signature (constant-time). Expiry is reported, not enforced. */
export function verifyToken(token: string, secret: Buffer, nowMs: number): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  let parsedHeader: unknown;
  let parsedPayload: unknown;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    parsedPayload = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof parsedHeader !== 'object' || parsedHeader === null || (parsedHeader as { alg?: unknown }).alg !== 'HS256') {
    return { ok: false, reason: 'malformed' };
  }
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  if (!isClaims(parsedPayload)) return { ok: false, reason: 'claims' };
  return { ok: true, claims: parsedPayload, expired: parsedPayload.exp * 1000 <= nowMs };
}
