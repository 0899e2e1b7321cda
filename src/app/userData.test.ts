import { api } from '../api/apiSlice';
import { LOGOUT_REASONS } from '../features/session/model/logoutReasons';
import { sessionAbsent, sessionStarted, signedOut } from '../features/session/model/sessionSlice';
import { signedInStore } from '../test/sessionStore';
import { makeToken, TEST_USER } from '../test/tokens';
import { authRecordFor, SECOND_USER, uploadStore } from '../test/uploadHarness';
import { fullKey, IndexedDbKeys, StorageKeys, StoragePrefixes } from './storage';
import {
  INDEXED_DB_OWNERS,
  keepsUploadsAfter,
  removeUserStorage,
  STORAGE_KEY_OWNERS,
  STORAGE_PREFIX_OWNERS,
  type StoredEntry,
} from './userData';

const VALID: Record<StoredEntry['owner'], StoredEntry['atSessionEnd'][]> = {
  user: ['remove', 'keep-for-owner', 'session-feature', 'owner-only'],
  device: ['stays'],
};

describe('every stored key is classified as per-user or device-wide', () => {
  it.each(Object.keys(StorageKeys))('storage key %s', (name) => {
    const entry = (STORAGE_KEY_OWNERS as Record<string, StoredEntry | undefined>)[name];
    expect(entry).toBeDefined();
    expect(VALID[entry!.owner]).toContain(entry!.atSessionEnd);
  });

  it.each(Object.keys(IndexedDbKeys))('IndexedDB key prefix %s', (name) => {
    const entry = (INDEXED_DB_OWNERS as Record<string, StoredEntry | undefined>)[name];
    expect(entry).toBeDefined();
    expect(VALID[entry!.owner]).toContain(entry!.atSessionEnd);
  });

  it.each(Object.keys(StoragePrefixes))('storage key prefix %s', (name) => {
    const entry = (STORAGE_PREFIX_OWNERS as Record<string, StoredEntry | undefined>)[name];
    expect(entry).toBeDefined();
    expect(VALID[entry!.owner]).toContain(entry!.atSessionEnd);
  });

  it('lists nothing that is not a stored key', () => {
    expect(Object.keys(STORAGE_PREFIX_OWNERS).sort()).toEqual(Object.keys(StoragePrefixes).sort());
    expect(Object.keys(STORAGE_KEY_OWNERS).sort()).toEqual(Object.keys(StorageKeys).sort());
    expect(Object.keys(INDEXED_DB_OWNERS).sort()).toEqual(Object.keys(IndexedDbKeys).sort());
  });

  it('decides for every logout reason whether an upload session outlives it', () => {
    for (const reason of LOGOUT_REASONS) expect(typeof keepsUploadsAfter(reason)).toBe('boolean');
    expect(keepsUploadsAfter('user_logout')).toBe(false);
    expect(keepsUploadsAfter('session_timeout')).toBe(true);
  });
});

/** Every key in its area, with a value, as a browser that was used for a while would have them. */
function fillStorage() {
  for (const [name, entry] of Object.entries(STORAGE_KEY_OWNERS)) {
    const key = fullKey(StorageKeys[name as keyof typeof StorageKeys]);
    (entry.area === 'tab' ? sessionStorage : localStorage).setItem(key, '"x"');
  }
}

const present = () =>
  Object.entries(STORAGE_KEY_OWNERS)
    .filter(([name, entry]) => {
      const key = fullKey(StorageKeys[name as keyof typeof StorageKeys]);
      return (entry.area === 'tab' ? sessionStorage : localStorage).getItem(key) !== null;
    })
    .map(([name]) => name)
    .sort();

const removedAtEnd = Object.entries(STORAGE_KEY_OWNERS)
  .filter(([, e]) => e.atSessionEnd === 'remove')
  .map(([name]) => name);
const notRemovedAtEnd = Object.keys(StorageKeys)
  .filter((name) => !removedAtEnd.includes(name))
  .sort();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('removeUserStorage', () => {
  it("removes the highlight editor's credentials of every editing session, and no other tab entry", () => {
    // The spelling src/editor/credentialStore.ts writes (that bundle cannot import the app's storage module).
    sessionStorage.setItem('courtside.editor.credential.11111111-1111-4111-8111-111111111111', '{"credential":"ced.a"}');
    sessionStorage.setItem('courtside.editor.credential.22222222-2222-4222-8222-222222222222', '{"credential":"ced.b"}');
    sessionStorage.setItem('courtside.tab.sessionId', 'tab-1');
    expect(fullKey(StoragePrefixes.editorCredential)).toBe('courtside.editor.credential.');
    removeUserStorage();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('courtside.editor.'))).toEqual([]);
    expect(sessionStorage.getItem('courtside.tab.sessionId')).toBe('tab-1');
    sessionStorage.clear();
  });

  it('removes the per-user entries nobody keeps (recent events, searches, legacy pair), and nothing else', () => {
    fillStorage();
    removeUserStorage();
    expect(present()).toEqual(notRemovedAtEnd);
    expect(removedAtEnd.sort()).toEqual(['legacyToken', 'legacyUser', 'locationCache', 'recentEvents', 'searchCache']);
  });
});

describe('userDataSaga', () => {
  const probeApi = api.injectEndpoints({
    endpoints: (build) => ({ userDataProbe: build.query<{ n: number }, number>({ query: (n) => `probe/${n}` }) }),
  });

  it('at sign-out: per-user storage removed and the API cache reset', async () => {
    const { store } = signedInStore(makeToken({}));
    await store.dispatch(probeApi.util.upsertQueryData('userDataProbe', 1, { n: 1 }));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
    fillStorage();
    store.dispatch(signedOut({ reason: 'session_timeout' }));
    expect(present()).toEqual(notRemovedAtEnd);
    expect(store.getState().api.queries).toEqual({});
  });

  it('at a start-up without a session: per-user storage removed (a browser closed without logging out)', () => {
    const { store } = uploadStore({ user: null });
    fillStorage();
    store.dispatch(sessionAbsent({ reason: null }));
    expect(present()).toEqual(notRemovedAtEnd);
  });

  it("a session that becomes another user's resets the cache and removes the first user's entries", () => {
    const { store, recorder } = signedInStore(makeToken({}));
    fillStorage();
    store.dispatch(sessionStarted({ record: authRecordFor(SECOND_USER), source: 'otherTab' }));
    // The first user's upload session goes too (uploadQueueSaga: never kept for another user).
    expect(present()).toEqual(notRemovedAtEnd.filter((name) => name !== 'uploadSession'));
    expect(recorder.ofType(api.util.resetApiState.type)).toHaveLength(1);
  });

  it("the same user's session starting again changes nothing", () => {
    const { store, recorder } = signedInStore(makeToken({}));
    fillStorage();
    store.dispatch(sessionStarted({ record: authRecordFor(TEST_USER), source: 'otherTab' }));
    expect(present()).toEqual(Object.keys(StorageKeys).sort());
    expect(recorder.ofType(api.util.resetApiState.type)).toHaveLength(0);
  });
});
