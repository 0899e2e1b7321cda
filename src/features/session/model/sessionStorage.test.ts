import { fullKey } from '../../../app/storage';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { restoreSession, saveSession } from './sessionStorage';

const NOW = Date.UTC(2026, 10, 21, 12);

function record(overrides: Record<string, unknown> = {}) {
  return {
    user: TEST_USER,
    token: makeToken({}, NOW - 60_000),
    lastActivity: NOW - 60_000,
    lastRefresh: NOW - 60_000,
    persistAcrossRestarts: false,
    clockOffsetMs: 0,
    ...overrides,
  };
}

const put = (s: Storage, key: string, value: unknown) =>
  s.setItem(fullKey(key), typeof value === 'string' ? value : JSON.stringify(value));

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('restore at start', () => {
  it('finds nothing on a fresh browser', () => {
    expect(restoreSession(NOW)).toEqual({ kind: 'none', reason: null });
  });

  it('prefers tab storage over persistent storage', () => {
    const tab = record({ lastActivity: NOW - 1_000 });
    put(sessionStorage, 'auth', tab);
    put(localStorage, 'auth.persistent', record({ persistAcrossRestarts: true }));
    expect(restoreSession(NOW)).toMatchObject({ kind: 'restored', source: 'tab', record: { lastActivity: NOW - 1_000 } });
  });

  it('falls back to the persistent copy', () => {
    put(localStorage, 'auth.persistent', record({ persistAcrossRestarts: true }));
    expect(restoreSession(NOW)).toMatchObject({ kind: 'restored', source: 'persistent' });
  });

  it('survives corrupt JSON, clears it and reports session_corrupted', () => {
    put(sessionStorage, 'auth', '{"user":');
    expect(restoreSession(NOW)).toEqual({ kind: 'none', reason: 'session_corrupted' });
    expect(sessionStorage.getItem(fullKey('auth'))).toBeNull();
  });

  it('clears a record whose user lacks roles with session_corrupted', () => {
    put(sessionStorage, 'auth', record({ user: { id: '1', email: 'a@b.c' } }));
    expect(restoreSession(NOW)).toEqual({ kind: 'none', reason: 'session_corrupted' });
  });

  it('uses a valid persistent copy when the tab copy is corrupt', () => {
    put(sessionStorage, 'auth', 'not json');
    put(localStorage, 'auth.persistent', record({ persistAcrossRestarts: true }));
    expect(restoreSession(NOW)).toMatchObject({ kind: 'restored', source: 'persistent' });
    expect(sessionStorage.getItem(fullKey('auth'))).toBeNull();
  });

  it('refuses a malformed token with invalid_token', () => {
    put(sessionStorage, 'auth', record({ token: 'abc' }));
    expect(restoreSession(NOW)).toEqual({ kind: 'none', reason: 'invalid_token' });
  });

  it('refuses a token expired beyond grace with session_expired', () => {
    put(sessionStorage, 'auth', record({ token: makeToken({ iat: NOW / 1000 - 7200, exp: NOW / 1000 - 121 }) }));
    expect(restoreSession(NOW)).toEqual({ kind: 'none', reason: 'session_expired' });
  });

  it('keeps a token in grace (the refresh follows)', () => {
    put(sessionStorage, 'auth', record({ token: makeToken({ iat: NOW / 1000 - 3600, exp: NOW / 1000 - 60 }) }));
    expect(restoreSession(NOW).kind).toBe('restored');
  });

  it('applies the stored clock offset: a device clock 5 min fast keeps a token the server still honours', () => {
    // The token expires 1 min from now on the server's clock; by the fast device clock it expired 4 min ago,
    // beyond grace — only the measured offset keeps the session.
    const token = makeToken({ iat: NOW / 1000 - 3540, exp: NOW / 1000 + 60 });
    const deviceNow = NOW + 5 * 60_000;
    put(sessionStorage, 'auth', record({ token, lastActivity: deviceNow - 1_000, clockOffsetMs: -5 * 60_000 }));
    expect(restoreSession(deviceNow).kind).toBe('restored');
  });

  it('signs out a session idle for 30 minutes with session_timeout', () => {
    put(sessionStorage, 'auth', record({ lastActivity: NOW - 30 * 60_000 }));
    expect(restoreSession(NOW)).toEqual({ kind: 'none', reason: 'session_timeout' });
  });

  it('migrates the legacy user + token pair and removes the legacy entries', () => {
    put(localStorage, 'user', TEST_USER);
    put(localStorage, 'token', makeToken({}, NOW));
    const outcome = restoreSession(NOW);
    expect(outcome).toMatchObject({ kind: 'restored', source: 'legacy', record: { user: TEST_USER } });
    expect(localStorage.getItem(fullKey('user'))).toBeNull();
    expect(localStorage.getItem(fullKey('token'))).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(fullKey('auth')) ?? 'null')).toMatchObject({ user: TEST_USER });
  });

  it('reports migration_failed for a corrupt legacy user and still removes both entries', () => {
    put(localStorage, 'user', '{broken');
    put(localStorage, 'token', makeToken({}, NOW));
    expect(restoreSession(NOW)).toEqual({ kind: 'none', reason: 'migration_failed' });
    expect(localStorage.getItem(fullKey('user'))).toBeNull();
    expect(localStorage.getItem(fullKey('token'))).toBeNull();
  });
});

describe('saveSession', () => {
  it('writes only tab storage without remember-me on desktop', () => {
    saveSession(record(), false);
    expect(sessionStorage.getItem(fullKey('auth'))).not.toBeNull();
    expect(localStorage.getItem(fullKey('auth.persistent'))).toBeNull();
  });

  it('writes the persistent copy with remember-me', () => {
    saveSession(record({ persistAcrossRestarts: true }), false);
    expect(localStorage.getItem(fullKey('auth.persistent'))).not.toBeNull();
  });

  it('writes the persistent copy on mobile', () => {
    saveSession(record(), true);
    expect(localStorage.getItem(fullKey('auth.persistent'))).not.toBeNull();
  });

  it('reports a full storage instead of throwing', () => {
    const spy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveSession(record(), false)).toEqual({ ok: false, reason: 'quota' });
    spy.mockRestore();
  });
});
