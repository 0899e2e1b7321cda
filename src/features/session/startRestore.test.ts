import { fullKey } from '../../app/storage';
import { makeToken, TEST_USER } from '../../test/tokens';
import { createStartRestore } from './startRestore';

const NOW = Date.UTC(2026, 10, 21, 12);

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the stored session read at start', () => {
  it('hands a restored record out once: the token is not kept beside the store', () => {
    const token = makeToken({}, NOW);
    const record = {
      user: TEST_USER,
      token,
      lastActivity: NOW,
      lastRefresh: NOW,
      persistAcrossRestarts: false,
      clockOffsetMs: 0,
    };
    sessionStorage.setItem(fullKey('auth'), JSON.stringify(record));
    const restore = createStartRestore(() => NOW);
    expect(restore.done).toBe(false);
    expect(restore.read()).toMatchObject({ kind: 'restored', record: { token } });
    expect(restore.done).toBe(true);
    expect(restore.read()).toBeNull();
  });

  it('keeps a refusal for a later reader, though the first read removed the entry', () => {
    localStorage.setItem(fullKey('auth.persistent'), '[1,2');
    const restore = createStartRestore(() => NOW);
    expect(restore.read()).toEqual({ kind: 'none', reason: 'session_corrupted' });
    expect(localStorage.getItem(fullKey('auth.persistent'))).toBeNull();
    expect(restore.read()).toEqual({ kind: 'none', reason: 'session_corrupted' });
  });
});
