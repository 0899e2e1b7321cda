import { END, eventChannel } from 'redux-saga';
import type { Clock } from '../app/clock';
import { makeStore } from '../app/store';
import type { AuthRecord, User } from '../features/session/model/authRecord';
import { initialSessionState } from '../features/session/model/sessionSlice';
import { registerFiles } from '../features/uploads/model/fileRegistry';
import * as uploadEngine from '../features/uploads/model/uploadEngine';
import { selectUploadFiles } from '../features/uploads/model/selectors';
import type { UploadServices } from '../features/uploads/model/uploadServices';
import type {
  UploadActivityListener,
  UploadOutcome,
  UploadProgressListener,
  UploadRequest,
} from '../features/uploads/model/uploadTransfer';
import { filesPicked } from '../features/uploads/model/uploadsSlice';
import { actionRecorder } from './sessionStore';
import { makeToken, TEST_USER } from './tokens';

/** One upload the fake network holds open until the test answers it. */
export interface OpenUpload {
  request: UploadRequest;
  progress(percent: number): void;
  finish(outcome: UploadOutcome): void;
  /** The channel was closed before an answer: the request was aborted. */
  aborted: boolean;
}

/** A fake network at the upload transport's edge: every upload waits until the test answers it. */
export function fakeUploadNetwork() {
  const open: OpenUpload[] = [];
  const openUpload = (request: UploadRequest, onProgress: UploadProgressListener, onActivity?: UploadActivityListener) =>
    eventChannel<UploadOutcome>((emit) => {
      let answered = false;
      const entry: OpenUpload = {
        request,
        aborted: false,
        // As the browser's channel does (uploadChannel): whole percent only.
        progress: (percent) => {
          onActivity?.(percent >= 100);
          onProgress(Math.floor(percent));
        },
        finish: (outcome) => {
          answered = true;
          emit(outcome);
          emit(END);
        },
      };
      open.push(entry);
      return () => {
        if (!answered) entry.aborted = true;
      };
    });
  return { open, openUpload };
}

/** Kept file contents, as IndexedDB would hold them across "reloads" (shared by passing `kept`). */
export function fakeFileStore(kept = new Map<string, File>()): Pick<
  UploadServices,
  'keepFile' | 'loadFile' | 'dropFiles' | 'dropAllFiles'
> & {
  kept: Map<string, File>;
} {
  return {
    kept,
    keepFile: async (id, file) => {
      kept.set(id, file);
      return true;
    },
    loadFile: async (id) => kept.get(id) ?? null,
    dropFiles: async (ids) => ids.forEach((id) => kept.delete(id)),
    dropAllFiles: async (except = []) => [...kept.keys()].filter((id) => !except.includes(id)).forEach((id) => kept.delete(id)),
  };
}

/**
 * One browser's Web Lock on the stored upload session, shared by the stores (tabs) given its `claim`: a tab
 * holds it until it lets go, or until the tab goes.
 */
export function fakeTabLock() {
  let holder: object | null = null;
  return {
    claim: async (): Promise<(() => void) | null> => {
      if (holder) return null;
      const tab = {};
      holder = tab;
      return () => {
        if (holder === tab) holder = null;
      };
    },
    get held() {
      return holder !== null;
    },
  };
}

export const SECOND_USER: User = { id: 'u-9', email: 'dana.lee@example.com', roles: ['USER'] };

export function authRecordFor(user: User, now = Date.now()): AuthRecord {
  return {
    user,
    token: makeToken({ userId: user.id }, now),
    lastActivity: now,
    lastRefresh: now,
    persistAcrossRestarts: false,
    clockOffsetMs: 0,
  };
}

const live: Array<{ sagaTask: { cancel(): void } | null }> = [];
afterEach(() => {
  while (live.length) live.pop()?.sagaTask?.cancel();
});

/**
 * A real store with every saga running, signed in as `user` (or signed out with `user: null`), whose
 * upload queue talks to the fake network and file store.
 */
export function uploadStore(
  options: { user?: User | null; io?: Partial<UploadServices>; kept?: Map<string, File>; token?: string; clock?: Clock } = {},
) {
  const net = fakeUploadNetwork();
  const files = fakeFileStore(options.kept);
  const io: UploadServices = {
    readDuration: async () => 2.5,
    openUpload: net.openUpload,
    ...files,
    isOnline: () => true,
    claimStoredSession: async () => () => {},
    ...options.io,
  };
  const recorder = actionRecorder();
  const user = options.user === undefined ? TEST_USER : options.user;
  const now = options.clock?.now() ?? Date.now();
  const store = makeStore({
    uploadServices: io,
    loadUploadEngine: () => uploadEngine,
    middleware: [recorder.middleware],
    services: { navigate: jest.fn(), redirect: jest.fn(), ...(options.clock && { clock: options.clock }) },
    preloadedState: {
      session: user
        ? {
            ...initialSessionState,
            status: 'signedIn',
            user,
            token: options.token ?? makeToken({ userId: user.id }, now),
            lastActivity: now,
            lastRefresh: now,
          }
        : { ...initialSessionState, status: 'signedOut' },
    },
  });
  live.push(store);
  return { store, net, kept: files.kept, io, recorder };
}

export type UploadTestStore = ReturnType<typeof uploadStore>['store'];

export const video = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });

export function pick(store: UploadTestStore, ...files: File[]): void {
  store.dispatch(filesPicked(registerFiles(files)));
}

export const statuses = (store: UploadTestStore) => selectUploadFiles(store.getState()).map((f) => f.status);

/** Lets every pending promise and zero-delay timer run (fake timers). */
export const flush = () => jest.advanceTimersByTimeAsync(0);

export const uploaded = (clipId: string | number): UploadOutcome => ({
  kind: 'answered',
  status: 201,
  body: { success: true, data: { id: clipId } },
});
