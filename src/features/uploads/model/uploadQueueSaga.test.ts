import type * as Timers from 'node:timers';
import { http, HttpResponse } from 'msw';
import { CANCEL } from 'redux-saga';
import { fullKey } from '../../../app/storage';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import {
  fakeTabLock,
  flush,
  pick,
  statuses,
  uploaded,
  uploadStore,
  video,
  type UploadTestStore,
} from '../../../test/uploadHarness';
import { forgetFiles, registeredIds } from './fileRegistry';
import { api } from '../../../api/apiSlice';
import { selectActiveUploadCount, selectUploadFiles, selectUploads } from './selectors';
import { CLIPS_CHANNEL, THIS_TAB } from './clipsChangedSignal';
import { completedUploadTags } from './uploadQueuePolicy';
import type { UploadServices } from './uploadServices';
import type { UploadOutcome } from './uploadTransfer';
import {
  allCleared,
  fileRetryRequested,
  fileRemoved,
  resumeAccepted,
  startFreshChosen,
  uploadCancelRequested,
  uploadEventSelected,
  uploadRequested,
} from './uploadsSlice';
import { EVENT_PROBLEM_MESSAGE, UPLOAD_ANSWER_WAIT_MS, UPLOAD_STALL_CHECK_MS, UPLOAD_STALL_MS } from './uploadConstants';

// jsdom has no global setImmediate: a turn of the event loop comes from Node's own timers (not the fake ones).
const { setImmediate: nextLoopTurn } = jest.requireActual<typeof Timers>('node:timers');

const ok = (clipId: string) => uploaded(clipId);
const names = (files: readonly { name: string }[]) => files.map((f) => f.name);

/** A real store with every saga, signed in, whose uploads go to a fake network that the test answers. */
/** The event the tests upload to. */
const EVENT = {
  id: 'ev-1',
  name: 'Final',
  sport: 'Soccer',
  startTime: '2026-11-21T18:00:00Z',
  endTime: null,
  timezone: 'America/Chicago',
  location: { name: 'Park', city: 'Austin', state: 'TX', latitude: null, longitude: null },
  distance: null,
};

const setup = (overrides: Partial<UploadServices> = {}) => uploadStore({ io: overrides });

/** One file picked and Upload Files pressed: its transfer is open on the fake network. */
async function sendOne(store: UploadTestStore) {
  pick(store, video('a.mp4'));
  await flush();
  store.dispatch(uploadRequested());
  await flush();
}

/** Lets the API's requests (MSW, real promises) and the sagas settle. */
async function settle() {
  for (let i = 0; i < 20; i += 1) await jest.advanceTimersByTimeAsync(5);
}

setupApiServer();
afterEach(() => jest.useRealTimers());
beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  localStorage.clear();
  sessionStorage.clear();
});

/** A reload: the page's memory (the file registry) is gone; storage stays. */
function reload(previous: { store: { sagaTask: { cancel(): void } | null } }) {
  previous.store.sagaTask?.cancel();
  forgetFiles(registeredIds());
}

describe('upload queue', () => {
  it('rejects the whole selection with the messages joined per file name', async () => {
    const { store } = setup();
    pick(store, video('a.mp4'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await flush();
    expect(selectUploadFiles(store.getState())).toHaveLength(0);
    expect(selectUploads(store.getState()).selectionError).toBe('notes.txt: Unsupported file type');
  });

  it('sends only pending files, at most 3 at a time, through every status to completed', async () => {
    const { store, net } = setup();
    pick(store, ...['1', '2', '3', '4', '5'].map((n) => video(`clip${n}.mp4`)));
    await flush();
    expect(statuses(store)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    expect(net.open).toHaveLength(0); // nothing is sent before Upload Files
    store.dispatch(uploadRequested());
    await flush();
    expect(net.open).toHaveLength(3);
    expect(statuses(store)).toEqual(['uploading', 'uploading', 'uploading', 'pending', 'pending']);
    expect(selectUploadFiles(store.getState())[0]?.metadata).toEqual({ duration: 2.5 });

    net.open[0]?.progress(42.7);
    await flush();
    expect(selectUploadFiles(store.getState())[0]?.progress).toBe(42);

    net.open[0]?.finish(ok('clip-1'));
    await flush();
    expect(net.open).toHaveLength(4);
    expect(selectUploadFiles(store.getState())[0]).toMatchObject({ status: 'completed', progress: 100, clipId: 'clip-1' });

    for (let i = 1; i < 5; i += 1) {
      await flush();
      net.open[i]?.finish(ok(`clip-${i + 1}`));
      await flush();
    }
    expect(statuses(store)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
    expect(selectActiveUploadCount(store.getState())).toBe(0);
    // Nothing incomplete: the stored session is cleared.
    expect(localStorage.getItem(fullKey('uploads.session'))).toBeNull();
  });

  it('reads the durations while the files wait, so a worker sends at once; a file taken before its turn is read by the worker', async () => {
    const readDuration = jest.fn(async () => 4.2);
    const { store, net } = setup({ readDuration });
    pick(store, video('a.mp4'), video('b.mp4'));
    await flush();
    expect(statuses(store)).toEqual(['pending', 'pending']);
    expect(selectUploadFiles(store.getState()).map((f) => f.metadata)).toEqual([{ duration: 4.2 }, { duration: 4.2 }]);
    store.dispatch(uploadRequested());
    await flush();
    expect(net.open).toHaveLength(2);
    expect(readDuration).toHaveBeenCalledTimes(2); // not again before sending

    // Files picked and sent in the same turn: the worker reads what the read-ahead has not reached.
    // (Nothing stored: a stored session would be offered first, and the pick wait for the answer.)
    localStorage.clear();
    const second = setup({ readDuration: jest.fn(async () => 1.5) });
    await flush();
    pick(second.store, video('c.mp4'));
    second.store.dispatch(uploadRequested());
    await flush();
    expect(second.net.open).toHaveLength(1);
    expect(selectUploadFiles(second.store.getState())[0]?.metadata).toEqual({ duration: 1.5 });
  });

  it("keeps completed files' copies until no transfer runs, then drops them together, without holding a transfer back", async () => {
    let releaseDrop: () => void = () => {};
    const dropFiles = jest.fn(() => new Promise<void>((resolve) => (releaseDrop = resolve)));
    const { store, net } = setup({ dropFiles });
    pick(store, ...['1', '2', '3', '4'].map((n) => video(`clip${n}.mp4`)));
    await flush();
    store.dispatch(uploadRequested());
    await flush();
    const ids = selectUploadFiles(store.getState()).map((f) => f.id);
    net.open[0]?.finish(ok('clip-1'));
    await flush();
    expect(net.open).toHaveLength(4); // the fourth file is on its way at once
    net.open[1]?.finish(ok('clip-2'));
    net.open[2]?.finish(ok('clip-3'));
    await flush();
    expect(dropFiles).not.toHaveBeenCalled(); // a transfer still runs
    // A file listed but not yet asked to be sent holds nothing back.
    pick(store, video('later.mp4'));
    net.open[3]?.finish(ok('clip-4'));
    await flush();
    expect(dropFiles).toHaveBeenCalledTimes(1);
    expect(dropFiles).toHaveBeenCalledWith(ids);
    releaseDrop();
    await flush();
    expect(statuses(store)).toEqual(['completed', 'completed', 'completed', 'completed', 'pending']);
  });

  it('pressing Upload Files twice sends each file once', async () => {
    const { store, net } = setup();
    pick(store, video('a.mp4'));
    await flush();
    store.dispatch(uploadRequested());
    store.dispatch(uploadRequested());
    await flush();
    expect(net.open).toHaveLength(1);
  });

  it('sends the selected event id and the bearer', async () => {
    const { store, net } = setup();
    store.dispatch(uploadEventSelected(EVENT));
    await sendOne(store);
    expect(net.open[0]?.request).toMatchObject({ eventId: 'ev-1', token: store.getState().session.token });
    expect(net.open[0]?.request.url).toMatch(/\/api\/v1\/uploads$/);
  });

  it('retries a lost connection by itself after 0, 1, 3 and 5 s, then marks the file failed; Retry completes it', async () => {
    const { store, net } = setup();
    await sendOne(store);
    net.open[0]?.progress(60);
    await flush();
    expect(selectUploadFiles(store.getState())[0]?.progress).toBe(60);
    // A figure reported but not yet shown when the connection drops: neither it nor the old bar stays.
    await jest.advanceTimersByTimeAsync(100);
    net.open[0]?.progress(70);
    net.open[0]?.finish({ kind: 'network' });
    await flush();
    expect(selectUploadFiles(store.getState())[0]).toMatchObject({ status: 'uploading', progress: 0 });
    await jest.advanceTimersByTimeAsync(600);
    expect(selectUploadFiles(store.getState())[0]?.progress).toBe(0);
    await jest.advanceTimersByTimeAsync(399);
    expect(net.open).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(net.open).toHaveLength(2);
    net.open[1]?.finish({ kind: 'network' });
    await jest.advanceTimersByTimeAsync(3000);
    expect(net.open).toHaveLength(3);
    net.open[2]?.finish({ kind: 'network' });
    await jest.advanceTimersByTimeAsync(5000);
    expect(net.open).toHaveLength(4);
    net.open[3]?.finish({ kind: 'network' });
    await flush();
    expect(selectUploadFiles(store.getState())[0]).toMatchObject({ status: 'failed', error: { code: 'NETWORK_ERROR' } });

    store.dispatch(fileRetryRequested(selectUploadFiles(store.getState())[0]?.id ?? ''));
    await flush();
    expect(net.open).toHaveLength(5);
    net.open[4]?.finish(ok('clip-9'));
    await flush();
    expect(statuses(store)).toEqual(['completed']);
    // Every sending of the file carries its id as the Idempotency-Key, so the server stores it once.
    const fileId = selectUploadFiles(store.getState())[0]?.id;
    expect(net.open.map((o) => o.request.key)).toEqual(Array(5).fill(fileId));
  });

  it('a transfer that stops moving is tried again as a lost connection: 60 s without a byte, or 180 s without an answer after the last', async () => {
    const { store, net } = setup();
    await sendOne(store);
    expect(net.open).toHaveLength(1);
    // A slow uplink that keeps moving is no stall, however long it takes.
    for (let i = 0; i < 6; i += 1) {
      await jest.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 10_000);
      net.open[0]?.progress(10 + i);
    }
    await flush();
    expect(net.open).toHaveLength(1);
    expect(net.open[0]?.aborted).toBe(false);
    // Then nothing moves: taken for lost within a check of the limit, aborted, and sent again.
    await jest.advanceTimersByTimeAsync(UPLOAD_STALL_MS - UPLOAD_STALL_CHECK_MS);
    expect(net.open[0]?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(2 * UPLOAD_STALL_CHECK_MS);
    expect(net.open[0]?.aborted).toBe(true);
    expect(net.open).toHaveLength(2);
    expect(selectUploadFiles(store.getState())[0]).toMatchObject({ status: 'uploading', progress: 0 });
    // The whole body sent: the server's answer is given longer than a byte would be.
    net.open[1]?.progress(100);
    await jest.advanceTimersByTimeAsync(UPLOAD_ANSWER_WAIT_MS - UPLOAD_STALL_CHECK_MS);
    expect(net.open[1]?.aborted).toBe(false);
    net.open[1]?.finish(ok('clip-1'));
    await flush();
    expect(statuses(store)).toEqual(['completed']);
  });

  it('a small file the browser reports no progress of (sent whole before its timer) is given the answer wait', async () => {
    const { store, net } = setup();
    await sendOne(store);
    // The server checks the video and makes the thumbnail: longer than a byte may take, not than an answer.
    await jest.advanceTimersByTimeAsync(UPLOAD_STALL_MS + 10_000);
    expect(net.open[0]?.aborted).toBe(false);
    net.open[0]?.finish(ok('clip-1'));
    await flush();
    expect(net.open).toHaveLength(1);
    expect(statuses(store)).toEqual(['completed']);
  });

  it('a check off its pace (a tab waking from suspension, the clock set forward) judges nothing', async () => {
    let skew = 0;
    const { store, net } = uploadStore({ clock: { now: () => Date.now() + skew } });
    await sendOne(store);
    net.open[0]?.progress(20);
    await jest.advanceTimersByTimeAsync(UPLOAD_STALL_CHECK_MS);
    // Ten minutes pass for the clock between two checks, the reports of the meantime not delivered yet.
    skew = 10 * 60_000;
    await jest.advanceTimersByTimeAsync(UPLOAD_STALL_CHECK_MS);
    expect(net.open[0]?.aborted).toBe(false);
    // The count starts again there: a minute of quiet after it is a stall.
    await jest.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 2 * UPLOAD_STALL_CHECK_MS);
    expect(net.open[0]?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(2 * UPLOAD_STALL_CHECK_MS);
    expect(net.open[0]?.aborted).toBe(true); // (then tried again, as in the test above)
  });

  it('waits while the browser is offline and goes on when the connection returns', async () => {
    let online = false;
    const { store, net } = setup({ isOnline: () => online });
    pick(store, video('a.mp4'));
    await flush();
    store.dispatch(uploadRequested());
    await jest.advanceTimersByTimeAsync(60_000);
    expect(net.open).toHaveLength(0);
    expect(statuses(store)).toEqual(['uploading']);
    online = true;
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(net.open).toHaveLength(1);
  });

  it('an event the server refuses leaves the selection with the spec message', async () => {
    const { store, net } = setup();
    store.dispatch(
      uploadEventSelected({
        id: 'gone',
        name: 'X',
        sport: 'Y',
        startTime: '2026-11-21T18:00:00Z',
        endTime: null,
        timezone: 'America/Chicago',
        location: { name: 'P', city: 'C', state: 'S', latitude: null, longitude: null },
        distance: null,
      }),
    );
    await sendOne(store);
    net.open[0]?.finish({
      kind: 'answered',
      status: 404,
      body: { success: false, error: 'Event not found', code: 'EVENT_MATCHING_FAILED' },
    });
    await flush();
    expect(selectUploads(store.getState()).selectedEvent).toBeNull();
    expect(selectUploads(store.getState()).eventError).toBe(EVENT_PROBLEM_MESSAGE);
    expect(selectUploadFiles(store.getState())[0]).toMatchObject({ status: 'failed', error: { code: 'EVENT_MATCHING_FAILED' } });
  });

  it('maps a refused file to its message', async () => {
    const { store, net } = setup();
    await sendOne(store);
    net.open[0]?.finish({
      kind: 'answered',
      status: 413,
      body: { success: false, error: 'too big', errorCode: 'FILE_TOO_LARGE' },
    });
    await flush();
    expect(selectUploadFiles(store.getState())[0]?.error).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'File too large (max 100MB)',
    });
  });

  it('cancel aborts the request and marks the file failed', async () => {
    const { store, net } = setup();
    await sendOne(store);
    const id = selectUploadFiles(store.getState())[0]?.id ?? '';
    store.dispatch(uploadCancelRequested(id));
    await flush();
    expect(net.open[0]?.aborted).toBe(true);
    expect(selectUploadFiles(store.getState())[0]).toMatchObject({ status: 'failed', error: { code: 'CANCELLED' } });
  });

  it('does not remove a file while it uploads', async () => {
    const { store } = setup();
    await sendOne(store);
    store.dispatch(fileRemoved(selectUploadFiles(store.getState())[0]?.id ?? ''));
    expect(selectUploadFiles(store.getState())).toHaveLength(1);
  });

  it('keeps the session after every change and resumes it after a reload without re-picking', async () => {
    const first = setup();
    pick(first.store, video('a.mp4'), video('b.mp4'));
    await flush();
    first.store.dispatch(uploadRequested());
    await flush();
    first.net.open[0]?.finish(ok('clip-a'));
    await flush();
    const saved = JSON.parse(localStorage.getItem(fullKey('uploads.session')) ?? 'null');
    expect(saved.files.map((f: { name: string }) => f.name)).toEqual(['b.mp4']);
    reload(first);

    // The page reloads: a new store, the same storage and kept file contents.
    const second = setup({ loadFile: first.io.loadFile, keepFile: first.io.keepFile, dropFiles: first.io.dropFiles });
    await flush();
    const offer = selectUploads(second.store.getState()).resumeOffer;
    expect(offer).toMatchObject({ filesKept: true, files: [{ name: 'b.mp4', status: 'pending' }] });
    second.store.dispatch(resumeAccepted());
    await flush();
    expect(second.net.open).toHaveLength(1);
    expect(second.net.open[0]?.request.file.name).toBe('b.mp4');
    second.net.open[0]?.finish(ok('clip-b'));
    await flush();
    expect(statuses(second.store)).toEqual(['completed']);
  });

  it('while files are sent fast, the copies wait for them (the one under way is cancelled); once the transfers crawl, copying goes on', async () => {
    const cancelFirst = jest.fn();
    const keptIds: string[] = [];
    const keepFile = jest.fn((id: string) => {
      keptIds.push(id);
      // The first copy lasts until it is cancelled (redux-saga calls a promise's CANCEL when its effect loses).
      return keptIds.length === 1
        ? Object.assign(new Promise<boolean>(() => undefined), { [CANCEL]: cancelFirst })
        : Promise.resolve(true);
    });
    const { store, net } = setup({ keepFile });
    pick(store, ...['a', 'b', 'c', 'd'].map((n) => video(`${n}.mp4`, 1_000_000)));
    await flush();
    const ids = selectUploadFiles(store.getState()).map((f) => f.id);
    expect(keptIds).toEqual([ids[0]]); // the first copy is under way when Upload Files is pressed
    expect(cancelFirst).not.toHaveBeenCalled();
    store.dispatch(uploadRequested());
    await flush();
    expect(net.open).toHaveLength(3);
    expect(cancelFirst).toHaveBeenCalledTimes(1); // it gives way to the transfers

    // Half of three files in a second: the last 2.5 MB take under 2 s, far less than a copy is worth.
    net.open.forEach((request) => request.progress(50));
    await jest.advanceTimersByTimeAsync(1_000);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(keptIds).toEqual([ids[0]]);

    // Then nothing moves for half a minute: the waiting file is copied after all, then those on their way, the
    // one whose copy was cancelled among them.
    await jest.advanceTimersByTimeAsync(30_000);
    expect(keptIds).toEqual([ids[0], ids[3], ids[0], ids[1], ids[2]]);
  });

  it('a copy begun while files are being sent is not cancelled when the next file starts', async () => {
    const cancels: string[] = [];
    const finish = new Map<string, () => void>();
    const keepFile = jest.fn((id: string) =>
      Object.assign(new Promise<boolean>((resolve) => finish.set(id, () => resolve(true))), {
        [CANCEL]: () => cancels.push(id),
      }),
    );
    const { store, net } = setup({ keepFile, isOnline: () => true });
    pick(store, ...['a', 'b', 'c', 'd'].map((n) => video(`${n}.mp4`, 1_000_000)));
    await flush();
    const ids = selectUploadFiles(store.getState()).map((f) => f.id);
    store.dispatch(uploadRequested());
    await flush();
    expect(cancels).toEqual([ids[0]]);
    // Nothing moves for half a minute: the waiting file's copy begins while three files are being sent.
    await jest.advanceTimersByTimeAsync(30_000);
    expect(keepFile.mock.calls.map(([id]) => id)).toEqual([ids[0], ids[3]]);
    // A transfer ends and the waiting file starts: its copy goes on.
    net.open[0]?.finish(ok('clip-a'));
    await flush();
    expect(net.open).toHaveLength(4);
    expect(cancels).toEqual([ids[0]]);
    finish.get(ids[3]!)?.();
    await flush();
    expect(keepFile.mock.calls.length).toBeGreaterThan(2); // and the copying moves on to the next file
  });

  it('asks for the same files again when their contents were not kept, matching by name, size and date', async () => {
    const first = setup({ keepFile: async () => false });
    pick(first.store, video('a.mp4', 10));
    await flush();
    reload(first);

    const second = setup({ loadFile: async () => null });
    await flush();
    expect(selectUploads(second.store.getState()).resumeOffer).toMatchObject({ filesKept: false });
    second.store.dispatch(resumeAccepted());
    await flush();
    expect(selectUploads(second.store.getState()).awaitingRepick).toHaveLength(1);
    pick(second.store, video('a.mp4', 10));
    await flush();
    expect(selectUploads(second.store.getState()).awaitingRepick).toHaveLength(0);
    expect(second.net.open).toHaveLength(1);
    expect(selectUploadFiles(second.store.getState())).toHaveLength(1);
  });

  it('files picked while the stored session is still being offered join whatever the answer leaves', async () => {
    const stored = () => JSON.parse(localStorage.getItem(fullKey('uploads.session')) ?? 'null');
    /** A reload onto a stored session whose kept file IndexedDB is slow to hand back; a file dialog left open is answered meanwhile. */
    async function pickedWhileOffered() {
      localStorage.clear();
      const first = setup();
      pick(first.store, video('old.mp4'));
      await flush();
      reload(first);
      let handBack = () => {};
      const slow = new Promise<void>((resolve) => (handBack = resolve));
      const second = setup({
        keepFile: first.io.keepFile,
        dropFiles: first.io.dropFiles,
        dropAllFiles: first.io.dropAllFiles,
        loadFile: async (id) => {
          await slow;
          return first.io.loadFile(id);
        },
      });
      await flush();
      pick(second.store, video('new.mp4'));
      await flush();
      expect(names(stored().files)).toEqual(['old.mp4']);
      handBack();
      await flush();
      expect(selectUploads(second.store.getState()).resumeOffer).toMatchObject({ files: [{ name: 'old.mp4' }] });
      return { kept: first.kept, second };
    }

    const resumed = await pickedWhileOffered();
    resumed.second.store.dispatch(resumeAccepted());
    await flush();
    expect(names(selectUploadFiles(resumed.second.store.getState()))).toEqual(['old.mp4', 'new.mp4']);
    expect(names(stored().files)).toEqual(['old.mp4', 'new.mp4']);
    resumed.second.store.dispatch(uploadRequested());
    await flush();
    expect(names(resumed.second.net.open.map((o) => o.request.file)).sort()).toEqual(['new.mp4', 'old.mp4']);
    reload(resumed.second);

    const fresh = await pickedWhileOffered();
    fresh.second.store.dispatch(startFreshChosen());
    await flush();
    expect(names(selectUploadFiles(fresh.second.store.getState()))).toEqual(['new.mp4']);
    expect(names(stored().files)).toEqual(['new.mp4']);
    expect(names([...fresh.kept.values()])).toEqual(['new.mp4']);
  });

  it('a second tab leaves the stored session of a tab still sending alone, and stores its own once that one is done', async () => {
    const lock = fakeTabLock();
    const kept = new Map<string, File>();
    const storedNames = () =>
      JSON.parse(localStorage.getItem(fullKey('uploads.session')) ?? 'null')?.files.map((f: File) => f.name);
    const tabA = uploadStore({ io: { claimStoredSession: lock.claim }, kept });
    pick(tabA.store, video('a.mp4'));
    await flush();
    tabA.store.dispatch(uploadRequested());
    await flush();
    expect(storedNames()).toEqual(['a.mp4']);

    const tabB = uploadStore({ io: { claimStoredSession: lock.claim }, kept });
    await flush();
    expect(selectUploads(tabB.store.getState()).resumeOffer).toBeNull();
    expect(names([...kept.values()])).toEqual(['a.mp4']);
    pick(tabB.store, video('b.mp4'));
    await flush();
    expect(names(selectUploadFiles(tabB.store.getState()))).toEqual(['b.mp4']);
    expect(storedNames()).toEqual(['a.mp4']);
    expect(names([...kept.values()])).toEqual(['a.mp4']);

    tabA.net.open[0]?.finish(ok('clip-a'));
    await flush();
    expect(localStorage.getItem(fullKey('uploads.session'))).toBeNull();
    expect(lock.held).toBe(false);
    tabB.store.dispatch(uploadRequested());
    await flush();
    expect(storedNames()).toEqual(['b.mp4']);
    expect(lock.held).toBe(true);
  });

  it('a tab that goes lets go of the stored session: the next page offers what it left', async () => {
    const lock = fakeTabLock();
    const first = uploadStore({ io: { claimStoredSession: lock.claim } });
    pick(first.store, video('a.mp4'));
    await flush();
    expect(lock.held).toBe(true);
    reload(first);
    expect(lock.held).toBe(false);
    const second = uploadStore({ io: { claimStoredSession: lock.claim, loadFile: first.io.loadFile } });
    await flush();
    expect(selectUploads(second.store.getState()).resumeOffer).toMatchObject({ files: [{ name: 'a.mp4' }] });
  });

  it('Start Fresh discards the kept session and files', async () => {
    const first = setup();
    pick(first.store, video('a.mp4'));
    await flush();
    reload(first);
    const second = setup({ loadFile: first.io.loadFile, dropFiles: first.io.dropFiles });
    await flush();
    second.store.dispatch(startFreshChosen());
    await flush();
    expect(selectUploads(second.store.getState()).resumeOffer).toBeNull();
    expect(localStorage.getItem(fullKey('uploads.session'))).toBeNull();
    expect(first.kept.size).toBe(0);
  });

  it('does not offer a session older than 24 h or idle for over 2 h', async () => {
    const now = Date.now();
    const file = {
      id: 'x',
      name: 'a.mp4',
      size: 1,
      type: 'video/mp4',
      lastModified: 0,
      status: 'pending',
      progress: 0,
      metadata: null,
      clipId: null,
      error: null,
    };
    localStorage.setItem(
      fullKey('uploads.session'),
      JSON.stringify({
        sessionId: 's',
        selectedEvent: null,
        files: [file],
        createdAt: now - 3 * 3600_000,
        lastActivity: now - 2 * 3600_000 - 1,
        isActive: false,
      }),
    );
    const { store } = setup();
    await flush();
    expect(selectUploads(store.getState()).resumeOffer).toBeNull();
    expect(localStorage.getItem(fullKey('uploads.session'))).toBeNull();
  });

  it("dates the session and judges its age by the injected clock, not the machine's", async () => {
    const realNow = Date.now();
    let clockNow = realNow - 25 * 3600_000; // the app's clock runs 25 h behind this machine's
    const clock = { now: () => clockNow };
    const first = uploadStore({ clock });
    pick(first.store, video('a.mp4'));
    await flush();
    const saved = JSON.parse(localStorage.getItem(fullKey('uploads.session')) ?? 'null');
    expect(saved).toMatchObject({ createdAt: clockNow, lastActivity: clockNow });
    reload(first);

    // An hour later on that clock: 1 h old and idle, though over 24 h by this machine's: still offered.
    clockNow += 3600_000;
    const second = uploadStore({ clock, io: { loadFile: first.io.loadFile } });
    await flush();
    expect(selectUploads(second.store.getState()).resumeOffer).toMatchObject({ files: [{ name: 'a.mp4' }] });
  });

  it('survives a corrupt stored session', async () => {
    localStorage.setItem(fullKey('uploads.session'), '{nope');
    const { store } = setup();
    await flush();
    expect(selectUploads(store.getState()).resumeOffer).toBeNull();
  });

  describe('a file removed while its metadata is read is never sent', () => {
    /** readDuration answers at once, except for files named slow*, whose reading the test finishes. */
    function slowMetadata() {
      const waiting: Array<(d: number | null) => void> = [];
      const readDuration = (file: Blob) =>
        (file as File).name.startsWith('slow')
          ? new Promise<number | null>((resolve) => waiting.push(resolve))
          : Promise.resolve(2.5);
      return { waiting, readDuration };
    }

    it('removed by its remove button', async () => {
      const meta = slowMetadata();
      const { store, net, kept } = setup({ readDuration: meta.readDuration });
      pick(store, video('slow.mp4'));
      await flush();
      store.dispatch(uploadRequested());
      await flush();
      expect(statuses(store)).toEqual(['extracting-metadata']);
      store.dispatch(fileRemoved(selectUploadFiles(store.getState())[0]?.id ?? ''));
      await flush();
      meta.waiting[0]?.(3);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(net.open).toHaveLength(0);
      expect(selectUploadFiles(store.getState())).toEqual([]);
      expect(kept.size).toBe(0);
      expect(localStorage.getItem(fullKey('uploads.session'))).toBeNull();
    });

    it('cleared by Clear All, while a file already uploading goes on', async () => {
      const meta = slowMetadata();
      const { store, net } = setup({ readDuration: meta.readDuration });
      pick(store, video('fast.mp4'), video('slow.mp4'));
      await flush();
      store.dispatch(uploadRequested());
      await flush();
      expect(statuses(store)).toEqual(['uploading', 'extracting-metadata']);
      store.dispatch(allCleared());
      await flush();
      meta.waiting[0]?.(3);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(net.open).toHaveLength(1);
      expect(net.open[0]?.aborted).toBe(false);
      net.open[0]?.finish(ok('clip-fast'));
      await flush();
      expect(selectUploadFiles(store.getState()).map((f) => [f.name, f.status])).toEqual([['fast.mp4', 'completed']]);
    });
  });

  describe('the upload answer (docs/product/part-1.md §7: success, data.id, error, errorCode, details.statusCode)', () => {
    async function answered(outcome: UploadOutcome) {
      const { store, net } = setup();
      pick(store, video('a.mp4'));
      await flush();
      store.dispatch(uploadRequested());
      await flush();
      net.open[0]?.finish(outcome);
      await flush();
      return selectUploadFiles(store.getState())[0];
    }

    it('a numeric clip id completes the file', async () => {
      expect(await answered({ kind: 'answered', status: 201, body: { success: true, data: { id: 42 } } })).toMatchObject({
        status: 'completed',
        clipId: '42',
      });
    });

    it('success: false is a refusal even with a 2xx status, read with its code and details.statusCode', async () => {
      expect(
        await answered({
          kind: 'answered',
          status: 200,
          body: { success: false, error: 'Refused', errorCode: 'QUOTA_EXCEEDED', details: { statusCode: 507 } },
        }),
      ).toMatchObject({ status: 'failed', error: { code: 'SERVER_ERROR' } });
    });

    it("the default message names details.statusCode, the server's own status", async () => {
      expect(
        await answered({
          kind: 'answered',
          status: 400,
          body: { success: false, error: 'Refused', errorCode: 'ODD', details: { statusCode: 422 } },
        }),
      ).toMatchObject({ status: 'failed', error: { code: 'ODD', message: 'Upload failed: 422' } });
    });

    it('a success without a clip id is an invalid answer', async () => {
      expect(await answered({ kind: 'answered', status: 201, body: { success: true, data: {} } })).toMatchObject({
        status: 'failed',
        error: { code: 'UPLOAD_FAILED', message: 'Unexpected response format' },
      });
    });

    it('a 2xx whose body is not JSON (a proxy page) is an invalid answer, not a completion', async () => {
      expect(await answered({ kind: 'answered', status: 200, body: '<html>Welcome</html>' })).toMatchObject({
        status: 'failed',
        clipId: null,
        error: { code: 'UPLOAD_FAILED', message: 'Unexpected response format' },
      });
    });

    it('a refusal whose body is not JSON names its status', async () => {
      expect(await answered({ kind: 'answered', status: 409, body: 'Conflict' })).toMatchObject({
        status: 'failed',
        error: { code: 'UPLOAD_FAILED', message: 'Upload failed: 409' },
      });
    });
  });

  describe('a completed upload invalidates the cached lists that show its clip', () => {
    async function uploadOne(answer: UploadOutcome, event: typeof EVENT | null) {
      const setupResult = setup();
      const { store, net } = setupResult;
      store.dispatch(uploadEventSelected(event));
      pick(store, video('a.mp4'));
      await flush();
      store.dispatch(uploadRequested());
      await flush();
      net.open[0]?.finish(answer);
      await flush();
      return setupResult.recorder.actions.filter(api.util.invalidateTags.match).map((a) => a.payload);
    }

    it("with an event: the clip list, the event's clips and the event", async () => {
      expect(await uploadOne(ok('clip-1'), EVENT)).toEqual([
        [
          { type: 'Clip', id: 'LIST' },
          { type: 'EventClips', id: 'ev-1' },
          { type: 'Event', id: 'ev-1' },
        ],
      ]);
    });

    it('the lists of the event the answer names: a retry answered with a clip its first sending stored elsewhere', async () => {
      // The user chose another event after the first sending, whose answer was lost, had stored the clip.
      const storedEarlier: UploadOutcome = {
        kind: 'answered',
        status: 200,
        body: { success: true, data: { id: 'clip-1', eventId: null } },
      };
      expect(await uploadOne(storedEarlier, EVENT)).toEqual([
        [
          { type: 'Clip', id: 'LIST' },
          { type: 'EventClips', id: 'UNASSOCIATED' },
        ],
      ]);
    });

    it('without an event: the clip list and the unassociated clips', async () => {
      expect(await uploadOne(ok('clip-1'), null)).toEqual([
        [
          { type: 'Clip', id: 'LIST' },
          { type: 'EventClips', id: 'UNASSOCIATED' },
        ],
      ]);
    });

    it('a refused upload invalidates nothing', async () => {
      expect(
        await uploadOne({ kind: 'answered', status: 413, body: { success: false, errorCode: 'FILE_TOO_LARGE' } }, EVENT),
      ).toEqual([]);
    });

    it('so a list that shows clips refetches by itself', async () => {
      // Part 2's clip lists will provide these tags; a stand-in endpoint provides the same one here.
      const clipList = api.injectEndpoints({
        endpoints: (build) => ({
          clipListStandIn: build.query<unknown, void>({ query: () => 'clips', providesTags: [{ type: 'Clip', id: 'LIST' }] }),
        }),
      });
      let fetches = 0;
      apiServer.use(
        http.get(API('clips'), () => {
          fetches += 1;
          return HttpResponse.json({ success: true, data: { events: [] } });
        }),
      );
      const { store, net } = setup();
      const subscription = store.dispatch(clipList.endpoints.clipListStandIn.initiate());
      await settle();
      expect(fetches).toBe(1);
      pick(store, video('a.mp4'));
      await flush();
      store.dispatch(uploadRequested());
      await flush();
      net.open[0]?.finish(ok('clip-1'));
      await settle();
      expect(fetches).toBe(2);
      subscription.unsubscribe();
    });

    it('and tells the other tabs which event got a clip, marked as this tab’s', async () => {
      const heard: unknown[] = [];
      const otherTab = new BroadcastChannel(CLIPS_CHANNEL);
      otherTab.onmessage = (e: MessageEvent) => heard.push(e.data);
      try {
        await uploadOne(ok('clip-1'), EVENT);
        await uploadOne(ok('clip-2'), null);
        // The channel delivers on the event loop (not on the fake timers).
        for (let i = 0; i < 50 && heard.length < 2; i += 1) await new Promise((resolve) => nextLoopTurn(resolve));
        expect(heard).toEqual([
          { type: 'clipsChanged', eventId: 'ev-1', from: THIS_TAB },
          { type: 'clipsChanged', eventId: null, from: THIS_TAB },
        ]);
      } finally {
        otherTab.close();
      }
    });

    it('the event it was sent with, even when the selection changed while it was on its way', async () => {
      const { store, net, recorder } = setup();
      store.dispatch(uploadEventSelected(EVENT));
      pick(store, video('a.mp4'));
      await flush();
      store.dispatch(uploadRequested());
      await flush();
      store.dispatch(uploadEventSelected(null));
      net.open[0]?.finish(ok('clip-1'));
      await flush();
      expect(net.open[0]?.request.eventId).toBe('ev-1');
      expect(recorder.actions.filter(api.util.invalidateTags.match).map((a) => a.payload)).toEqual([completedUploadTags('ev-1')]);
    });
  });
});
