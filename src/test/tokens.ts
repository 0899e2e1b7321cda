/** Builds a JWT-shaped token (unsigned: the client never verifies signatures, the server does). */
function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

let serial = 0;

export function makeToken(
  claims: { userId?: string; iat?: number; exp?: number } & Record<string, unknown>,
  nowMs = Date.now(),
): string {
  serial += 1;
  const iat = claims.iat ?? Math.floor(nowMs / 1000);
  const payload = { userId: 'u-1', iat, exp: iat + 3600, jti: `t${serial}`, ...claims };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJlLXBsYWNlaG9sZGVy${serial}`;
}

export const TEST_USER = { id: 'u-1', email: 'coach.kim@example.com', roles: ['USER'] };
export const TEST_ADMIN = { id: 'u-2', email: 'admin@example.com', roles: ['USER', 'ADMIN'] };
