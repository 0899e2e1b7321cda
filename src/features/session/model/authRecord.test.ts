import { makeToken, TEST_USER } from '../../../test/tokens';
import {
  checkAuthRecord,
  displayName,
  isStoredAuthRecord,
  readAuthAnswer,
  readAuthRecord,
  readUser,
  validateAuth,
} from './authRecord';

const NOW = Date.UTC(2026, 10, 21, 12);

describe('a user', () => {
  it('needs id, email and a roles array', () => {
    expect(readUser(TEST_USER)).not.toBeNull();
    expect(readUser({ ...TEST_USER, id: undefined })).toBeNull();
    expect(readUser({ ...TEST_USER, email: '' })).toBeNull();
    expect(readUser({ ...TEST_USER, roles: 'ADMIN' })).toBeNull();
    expect(readUser(null)).toBeNull();
  });
});

describe('validateAuth (setting the auth)', () => {
  it('accepts a user and a live token', () => {
    const token = makeToken({}, NOW);
    expect(validateAuth({ user: TEST_USER, token }, NOW)).toEqual({ ok: true, user: TEST_USER, token });
  });

  it('rejects a record lacking the user', () => {
    expect(validateAuth({ user: undefined, token: makeToken({}, NOW) }, NOW)).toMatchObject({
      ok: false,
      reason: 'session_corrupted',
    });
  });

  it('rejects a record lacking the token', () => {
    expect(validateAuth({ user: TEST_USER, token: '' }, NOW)).toMatchObject({
      ok: false,
      reason: 'invalid_token',
      message: 'No authentication token available',
    });
  });

  it('rejects an invalid token', () => {
    expect(validateAuth({ user: TEST_USER, token: 'a.b' }, NOW)).toMatchObject({
      ok: false,
      reason: 'invalid_token',
      message: 'Token validation failed',
    });
  });

  it('accepts a token within the 2-minute grace and rejects one beyond it', () => {
    const token = makeToken({ iat: NOW / 1000 - 3600, exp: NOW / 1000 }, NOW);
    expect(validateAuth({ user: TEST_USER, token }, NOW + 119_000).ok).toBe(true);
    expect(validateAuth({ user: TEST_USER, token }, NOW + 120_000)).toMatchObject({
      ok: false,
      reason: 'session_expired',
      message: 'Session expired',
    });
  });
});

describe('isStoredAuthRecord', () => {
  const record = { user: TEST_USER, token: 't', lastActivity: 1, lastRefresh: 1, persistAcrossRestarts: false, clockOffsetMs: 0 };
  it('accepts a complete record', () => expect(isStoredAuthRecord(record)).toBe(true));
  it('refuses a record whose user lacks roles', () =>
    expect(isStoredAuthRecord({ ...record, user: { id: '1', email: 'a@b.c' } })).toBe(false));
  it('refuses a record without timestamps', () => expect(isStoredAuthRecord({ ...record, lastActivity: 'x' })).toBe(false));
});

describe('readUser and readAuthRecord (the schemas at the boundary)', () => {
  const record = { user: TEST_USER, token: 't', lastActivity: 1, lastRefresh: 1, persistAcrossRestarts: false, clockOffsetMs: 5 };

  it('reads a numeric id as its text and keeps nothing but id, e-mail and roles', () => {
    expect(readUser({ id: 42, email: 'a@b.c', roles: [], extra: 'x' })).toEqual({ id: '42', email: 'a@b.c', roles: [] });
  });

  it('refuses an empty id, a non-string role or an array', () => {
    expect(readUser({ ...TEST_USER, id: '' })).toBeNull();
    expect(readUser({ ...TEST_USER, roles: ['USER', 1] })).toBeNull();
    expect(readUser([TEST_USER])).toBeNull();
  });

  it('reads a record written before the clock offset was kept as offset 0', () => {
    const { clockOffsetMs: _dropped, ...older } = record;
    expect(isStoredAuthRecord(older)).toBe(true);
    expect(readAuthRecord(older)).toEqual({ ...record, clockOffsetMs: 0 });
    expect(readAuthRecord(record)).toEqual(record);
  });

  it('refuses times that are not finite numbers', () => {
    expect(isStoredAuthRecord({ ...record, lastRefresh: Infinity })).toBe(false);
    expect(readAuthRecord({ ...record, clockOffsetMs: NaN })).toBeNull();
    expect(readAuthRecord({ ...record, persistAcrossRestarts: 'yes' })).toBeNull();
  });
});

describe('displayName', () => {
  it('is the e-mail prefix', () => expect(displayName('coach.kim@example.com')).toBe('coach.kim'));
  it("falls back to 'Sports User'", () => {
    expect(displayName('')).toBe('Sports User');
    expect(displayName(null)).toBe('Sports User');
    expect(displayName('@example.com')).toBe('Sports User');
  });
});

describe('checkAuthRecord (every way into a session)', () => {
  const live = (overrides: object = {}) => ({
    user: { ...TEST_USER, id: 7 as unknown as string },
    token: makeToken({}, NOW),
    lastActivity: NOW,
    lastRefresh: NOW,
    persistAcrossRestarts: false,
    clockOffsetMs: 0,
    ...overrides,
  });

  it('accepts a live record and normalises it', () => {
    expect(checkAuthRecord(live(), NOW)).toMatchObject({ ok: true, record: { user: { id: '7' } } });
  });

  it.each([
    ['a token that fails to decode', { token: 'a.bm9wZQ.c' }, 'invalid_token'],
    ['a missing token', { token: '' }, 'invalid_token'],
    ['a missing user', { user: undefined }, 'session_corrupted'],
    [
      'a token expired beyond the grace',
      { token: makeToken({ iat: NOW / 1000 - 3600, exp: NOW / 1000 - 121 }) },
      'session_expired',
    ],
    ['30 minutes without activity', { lastActivity: NOW - 30 * 60_000 }, 'session_timeout'],
  ])('refuses %s', (_what, overrides, reason) => {
    expect(checkAuthRecord(live(overrides), NOW)).toMatchObject({ ok: false, reason });
  });

  it("judges expiry on the record's skew-corrected clock", () => {
    const token = makeToken({ iat: NOW / 1000 - 3600, exp: NOW / 1000 + 60 });
    expect(checkAuthRecord(live({ token }), NOW).ok).toBe(true);
    expect(checkAuthRecord(live({ token, clockOffsetMs: 5 * 60_000 }), NOW)).toMatchObject({
      ok: false,
      reason: 'session_expired',
    });
  });
});

describe('the readers of the session’s shapes', () => {
  it('normalise a user: a numeric id as its text, nothing but id, e-mail and roles', () => {
    expect(readUser({ id: 7, email: 'a@b.c', roles: ['ADMIN'], extra: true })).toEqual({
      id: '7',
      email: 'a@b.c',
      roles: ['ADMIN'],
    });
    expect(readUser({ id: Number.NaN, email: 'a@b.c', roles: [] })).toBeNull();
    expect(readUser({ id: '', email: 'a@b.c', roles: [] })).toBeNull();
    expect(readUser({ id: '1', email: 'a@b.c', roles: [1] })).toBeNull();
  });

  it('read an answer only with a non-empty token', () => {
    expect(readAuthAnswer({ user: TEST_USER, token: 't' })).toEqual({ user: TEST_USER, token: 't' });
    expect(readAuthAnswer({ user: TEST_USER, token: '' })).toBeNull();
    expect(readAuthAnswer({ user: { email: 'x' }, token: 't' })).toBeNull();
  });

  it('read a stored record without a clock offset as 0, and refuse one whose numbers are not finite', () => {
    const stored = { user: TEST_USER, token: 't', lastActivity: NOW, lastRefresh: NOW, persistAcrossRestarts: true };
    expect(readAuthRecord(stored)).toEqual({ ...stored, clockOffsetMs: 0 });
    expect(isStoredAuthRecord({ ...stored, clockOffsetMs: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isStoredAuthRecord({ ...stored, lastActivity: '1' })).toBe(false);
    expect(isStoredAuthRecord({ ...stored, persistAcrossRestarts: 'yes' })).toBe(false);
  });
});
