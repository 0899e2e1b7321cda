import { forgetCredential, readCredential, saveCredential, storageKey } from './credentialStore';

const NOW = Date.parse('2026-07-04T12:00:00Z');

describe('credentialStore', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps a credential per session until it expires', () => {
    saveCredential(window.sessionStorage, 's1', { credential: 'ced.one', expiresAt: '2026-07-04T14:00:00Z' });
    expect(readCredential(window.sessionStorage, 's1', NOW)).toBe('ced.one');
    expect(readCredential(window.sessionStorage, 's2', NOW)).toBeNull();
    expect(readCredential(window.sessionStorage, 's1', Date.parse('2026-07-04T14:00:00Z'))).toBeNull();
    forgetCredential(window.sessionStorage, 's1');
    expect(window.sessionStorage.getItem(storageKey('s1'))).toBeNull();
  });

  it('treats garbage as nothing stored', () => {
    for (const raw of [
      '{',
      'null',
      '{"credential":1,"expiresAt":"2030-01-01T00:00:00Z"}',
      '{"credential":"x","expiresAt":"soon"}',
    ]) {
      window.sessionStorage.setItem(storageKey('s1'), raw);
      expect(readCredential(window.sessionStorage, 's1', NOW)).toBeNull();
    }
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() => saveCredential(broken, 's1', { credential: 'c', expiresAt: '2030-01-01T00:00:00Z' })).not.toThrow();
    expect(readCredential(broken, 's1', NOW)).toBeNull();
    expect(() => forgetCredential(broken, 's1')).not.toThrow();
  });
});
