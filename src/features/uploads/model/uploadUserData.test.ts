import { http, HttpResponse } from 'msw';
import { fullKey, StorageKeys } from '../../../app/storage';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { TEST_USER } from '../../../test/tokens';
import {
  authRecordFor,
  flush,
  pick,
  SECOND_USER,
  statuses,
  uploaded,
  uploadStore,
  video,
  type UploadTestStore,
} from '../../../test/uploadHarness';
import type { LogoutReason } from '../../session/public';
import { logoutRequested, sessionAbsent, sessionStarted } from '../../session/public';
import { registeredIds } from './fileRegistry';
import { selectResumeOffer, selectUploadFiles, selectUploads } from './selectors';
import { resumeAccepted, uploadRequested } from './uploadsSlice';

setupApiServer();

const MINUTE = 60_000;
let serverLogouts = 0;

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  localStorage.clear();
  sessionStorage.clear();
  serverLogouts = 0;
  apiServer.use(
    http.post(API('auth/logout'), () => {
      serverLogouts += 1;
      return HttpResponse.json({ success: true, data: { requiresRedirect: false } });
    }),
  );
});
afterEach(() => jest.useRealTimers());

const storedUploadSession = () => {
  const raw = localStorage.getItem(fullKey(StorageKeys.uploadSession));
  return raw === null ? null : (JSON.parse(raw) as { ownerId: string; files: Array<{ name: string }> });
};

async function settle() {
  for (let i = 0; i < 20; i += 1) await jest.advanceTimersByTimeAsync(5);
}

/** Signed in as the test user, two files picked and one of them on its way (half sent). */
async function uploadingStore(kept?: Map<string, File>) {
  const setup = uploadStore({ kept });
  pick(setup.store, video('a.mp4'), video('b.mp4'));
  await flush();
  setup.store.dispatch(uploadRequested());
  await flush();
  setup.net.open[0]?.progress(50);
  await flush();
  expect(statuses(setup.store)).toEqual(['uploading', 'uploading']);
  expect(storedUploadSession()).toMatchObject({ ownerId: TEST_USER.id });
  expect(setup.kept.size).toBe(2);
  return setup;
}

function expectNothingInMemory(store: UploadTestStore) {
  expect(selectUploadFiles(store.getState())).toEqual([]);
  expect(selectResumeOffer(store.getState())).toBeNull();
  expect(selectUploads(store.getState()).sessionId).toBeNull();
  expect(registeredIds()).toEqual([]);
}

describe('at the end of a session, a running upload is aborted and nothing of the user stays in memory', () => {
  it.each<{ what: string; reason: LogoutReason; fromOtherTab: boolean; keptForOwner: boolean }>([
    { what: 'Log out', reason: 'user_logout', fromOtherTab: false, keptForOwner: false },
    { what: "another tab's Log out", reason: 'user_logout', fromOtherTab: true, keptForOwner: false },
    { what: 'an account deleted', reason: 'account_deleted', fromOtherTab: false, keptForOwner: false },
    { what: 'access revoked', reason: 'permission_revoked', fromOtherTab: false, keptForOwner: false },
    { what: 'inactivity', reason: 'session_timeout', fromOtherTab: false, keptForOwner: true },
    { what: 'expiry', reason: 'session_expired', fromOtherTab: false, keptForOwner: true },
    { what: 'a failed refresh', reason: 'refresh_failed', fromOtherTab: false, keptForOwner: true },
  ])(
    '$what ($reason): aborted, state and cache reset; upload session kept for its owner: $keptForOwner',
    async ({ reason, fromOtherTab, keptForOwner }) => {
      const { store, net, kept, recorder } = await uploadingStore();

      store.dispatch(logoutRequested({ reason, fromOtherTab }));
      await settle();

      expect(store.getState().session.status).toBe('signedOut');
      expect(net.open.map((u) => u.aborted)).toEqual([true, true]);
      // No request continues or starts again, whatever the retry timers would have done.
      await jest.advanceTimersByTimeAsync(60_000);
      expect(net.open).toHaveLength(2);
      expectNothingInMemory(store);
      expect(recorder.ofType('api/resetApiState')).toHaveLength(1);
      if (keptForOwner) {
        expect(storedUploadSession()).toMatchObject({ ownerId: TEST_USER.id, files: [{ name: 'a.mp4' }, { name: 'b.mp4' }] });
        expect(kept.size).toBe(2);
      } else {
        expect(storedUploadSession()).toBeNull();
        expect(kept.size).toBe(0);
      }
      expect(serverLogouts).toBe(fromOtherTab ? 0 : 1);
    },
  );

  it('30 minutes without activity mid-upload → signed out (session_timeout), the transfer aborted, the session kept', async () => {
    const { store, net, kept } = await uploadingStore();
    // Transfers on a slow uplink, still moving all along (one that stopped would be retried, then failed).
    for (let elapsed = 0; elapsed <= 30 * MINUTE; elapsed += 30_000) {
      net.open.forEach((u) => u.progress(1));
      await jest.advanceTimersByTimeAsync(30_000);
    }
    await settle();
    expect(store.getState().session).toMatchObject({ status: 'signedOut', logoutReason: 'session_timeout' });
    expect(net.open.every((u) => u.aborted)).toBe(true);
    expectNothingInMemory(store);
    expect(storedUploadSession()).toMatchObject({ ownerId: TEST_USER.id });
    expect(kept.size).toBe(2);
  });
});

describe('a kept upload session is offered to its owner only', () => {
  it('the same user signing back in after inactivity is offered Resume, and it completes', async () => {
    const { store, net } = await uploadingStore();
    store.dispatch(logoutRequested({ reason: 'session_timeout' }));
    await settle();

    store.dispatch(sessionStarted({ record: authRecordFor(TEST_USER), source: 'login' }));
    await settle();
    expect(selectResumeOffer(store.getState())).toMatchObject({
      filesKept: true,
      files: [
        { name: 'a.mp4', status: 'pending' },
        { name: 'b.mp4', status: 'pending' },
      ],
    });
    store.dispatch(resumeAccepted());
    await settle();
    expect(net.open).toHaveLength(4);
    net.open[2]?.finish(uploaded('clip-a'));
    net.open[3]?.finish(uploaded('clip-b'));
    await settle();
    expect(statuses(store)).toEqual(['completed', 'completed']);
  });

  it('another user signing in on the same browser is offered nothing of the first, whose files are then removed', async () => {
    const { store, kept } = await uploadingStore();
    store.dispatch(logoutRequested({ reason: 'session_timeout' }));
    await settle();
    expect(kept.size).toBe(2);

    store.dispatch(sessionStarted({ record: authRecordFor(SECOND_USER), source: 'login' }));
    await settle();
    expect(selectResumeOffer(store.getState())).toBeNull();
    expect(selectUploadFiles(store.getState())).toEqual([]);
    expect(storedUploadSession()).toBeNull();
    expect(kept.size).toBe(0);
  });

  it("a session that becomes another user's (another tab signs in as someone else) ends the first user's uploads", async () => {
    const { store, net, kept, recorder } = await uploadingStore();

    store.dispatch(sessionStarted({ record: authRecordFor(SECOND_USER), source: 'otherTab' }));
    await settle();

    expect(net.open.map((u) => u.aborted)).toEqual([true, true]);
    expectNothingInMemory(store);
    expect(selectUploads(store.getState()).ownerId).toBe(SECOND_USER.id);
    expect(storedUploadSession()).toBeNull();
    expect(kept.size).toBe(0);
    expect(recorder.ofType('api/resetApiState')).toHaveLength(1);
  });

  it('a start-up without a session offers nothing; the owner signing in later is offered Resume', async () => {
    const first = await uploadingStore();
    first.store.dispatch(logoutRequested({ reason: 'session_expired' }));
    await settle();
    first.store.sagaTask?.cancel();

    // The next visit: nobody signed in yet.
    const next = uploadStore({ user: null, kept: first.kept });
    next.store.dispatch(sessionAbsent({ reason: null }));
    await settle();
    expect(selectResumeOffer(next.store.getState())).toBeNull();
    expect(storedUploadSession()).toMatchObject({ ownerId: TEST_USER.id });

    next.store.dispatch(sessionStarted({ record: authRecordFor(TEST_USER), source: 'login' }));
    await settle();
    expect(selectResumeOffer(next.store.getState())).toMatchObject({ files: [{ name: 'a.mp4' }, { name: 'b.mp4' }] });
  });

  it('an upload session stored without an owner (before owners were kept) is never offered', async () => {
    localStorage.setItem(
      fullKey(StorageKeys.uploadSession),
      JSON.stringify({
        sessionId: 's',
        selectedEvent: null,
        files: [
          {
            id: 'x',
            name: 'theirs.mp4',
            size: 1,
            type: 'video/mp4',
            lastModified: 0,
            status: 'pending',
            progress: 0,
            metadata: null,
            clipId: null,
            error: null,
          },
        ],
        createdAt: Date.now(),
        lastActivity: Date.now(),
        isActive: false,
      }),
    );
    const kept = new Map([['x', video('theirs.mp4')]]);
    const { store } = uploadStore({ kept });
    await settle();
    expect(selectResumeOffer(store.getState())).toBeNull();
    expect(storedUploadSession()).toBeNull();
    expect(kept.size).toBe(0);
  });
});
