import { makeToken } from '../../../test/tokens';
import { checkToken, decodeToken } from './token';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('decodeToken', () => {
  it('reads userId, exp and iat of a 3-part token', () => {
    const token = makeToken({ userId: 'abc', iat: 100, exp: 200 });
    expect(decodeToken(token)).toEqual({ userId: 'abc', iat: 100, exp: 200 });
  });

  it.each([
    ['not a string', 42],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['an empty part', 'a..c'],
    ['garbage payload', 'aaaa.%%%%.cccc'],
    ['non-JSON payload', `x.${Buffer.from('hello').toString('base64')}.y`],
  ])('refuses %s', (_label, token) => {
    expect(decodeToken(token)).toBeNull();
  });

  it.each(['userId', 'exp', 'iat'])('refuses a token without %s', (claim) => {
    const payload: Record<string, unknown> = { userId: 'u', exp: 2, iat: 1 };
    delete payload[claim];
    const token = `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
    expect(decodeToken(token)).toBeNull();
  });
});

describe('checkToken', () => {
  const iat = NOW / 1000 - 3000;
  const token = makeToken({ iat, exp: NOW / 1000 + 60 });

  it('is valid before expiry', () => {
    expect(checkToken(token, NOW).status).toBe('valid');
  });

  it('is in grace up to 2 minutes after expiry', () => {
    expect(checkToken(token, NOW + 60_000).status).toBe('grace');
    expect(checkToken(token, NOW + 60_000 + 119_999).status).toBe('grace');
  });

  it('is expired from 2 minutes after expiry', () => {
    expect(checkToken(token, NOW + 60_000 + 120_000).status).toBe('expired');
  });

  it("says 'Token validation failed' for a malformed token", () => {
    expect(checkToken('nope', NOW)).toEqual({ status: 'invalid', message: 'Token validation failed' });
  });
});
