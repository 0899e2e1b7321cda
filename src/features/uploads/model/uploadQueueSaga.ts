import { buffers, channel, type Channel, type EventChannel, type SagaIterator } from 'redux-saga';
import {
  actionChannel,
  call,
  delay,
  flush,
  fork,
  getContext,
  put,
  race,
  select,
  setContext,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import { api } from '../../../api/apiSlice';
import type { AppServices } from '../../../app/services';
import type { EventSummary } from '../../events/public';
import { sessionStarted, signedOut, selectSignedInUserId } from '../../session/public';
import { holdWhileUploading, onlineChannel } from './browserUploadEffects';
import { announceClipsChanged } from './clipsChangedSignal';
import { forgetFiles, getFile, registeredIds } from './fileRegistry';
import { selectSelectedUploadEvent, selectUploads } from './selectors';
import { STORED_SESSION_CLAIM, storedSessionClaim, type StoredSessionClaim } from './storedSessionClaim';
import { EVENT_PROBLEM_MESSAGE, UPLOAD_CONCURRENCY } from './uploadConstants';
import {
  afterAttempt,
  completedUploadTags,
  delayBeforeAttempt,
  droppedFiles,
  filesToSend,
  isBusy,
  isUploadSessionOver,
  nextDurationToRead,
  queueIsIdle,
  type AttemptStep,
} from './uploadQueuePolicy';
import { uploadError } from './uploadFailure';
import { gatherProgress, PROGRESS_BOARD, progressBoard } from './uploadProgress';
import type * as UploadSendModule from './uploadSend';
import type { SendResult } from './uploadSend';
import type { UploadServices } from './uploadServices';
import {
  acceptFiles,
  afterScopeEnd,
  dropFiles,
  endStoredSession,
  ensureSession,
  offerAnswered,
  offerResume,
  resume,
  saveSession,
  startFresh,
} from './uploadSessionSaga';
import {
  allCleared,
  fileRemoved,
  fileRetryRequested,
  filesPicked,
  fileUploadCompleted,
  fileUploadFailed,
  filesAccepted,
  fileUploadStarted,
  metadataExtracted,
  metadataExtractionStarted,
  repickMatched,
  resumeAccepted,
  startFreshChosen,
  uploadCancelRequested,
  uploadEventRejected,
  uploadEventSelected,
  uploadRequested,
  uploadSessionCleared,
  type UploadsState,
} from './uploadsSlice';
import type { UploadError } from './uploadTypes';

/**
 * The upload queue: one scope per sign-in, in which a `channel` feeds the files to UPLOAD_CONCURRENCY
 * workers. What it decides comes from uploadQueuePolicy.ts, the sending from uploadSend.ts and
 * uploadTransfer.ts, the stored session from uploadSessionSaga.ts; time only from `services.clock`.
 */

function* waitUntilOnline(): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  if (io.isOnline()) return;
  const online: EventChannel<true> = yield call(onlineChannel);
  try {
    while (!io.isOnline()) yield race({ back: take(online), poll: delay(5_000) });
  } finally {
    online.close();
  }
}

function* markFailed(id: string, error: UploadError): SagaIterator {
  const services: AppServices = yield getContext('services');
  yield put(fileUploadFailed({ id, error, at: services.clock.now() }));
}

/**
 * Metadata, then the upload, attempted again after a lost connection (never while the browser is
 * offline: it waits for the connection) until the policy calls the file completed or failed. A completed file's
 * kept copy goes to `completedCopies` (dropCompletedCopies) before the file shows completed, so the copies of a run
 * leave together when its last file ends.
 */
function* uploadOne(id: string, completedCopies: Channel<string>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const io: UploadServices = yield getContext('uploads');
  const uploads: UploadsState = yield select(selectUploads);
  const item = uploads.files.find((f) => f.id === id);
  const file = getFile(id);
  if (!item || item.status !== 'pending') return;
  if (!file) {
    yield call(markFailed, id, { code: 'UPLOAD_FAILED', message: 'This file is no longer available. Please select it again.' });
    return;
  }

  if (!item.metadata) {
    yield put(metadataExtractionStarted(id));
    const duration: number | null = yield call([io, io.readDuration], file);
    yield put(metadataExtracted({ id, duration }));
  }
  yield put(fileUploadStarted({ id, at: services.clock.now() }));
  yield call(saveSession);

  let wait = delayBeforeAttempt(0) ?? 0;
  for (let attempt = 0; ; attempt += 1) {
    // No timer for no wait: a background tab may hold even a 0 ms timer back for a second.
    if (wait > 0) yield delay(wait);
    yield call(waitUntilOnline);
    const event: EventSummary | null = yield select(selectSelectedUploadEvent);
    const eventId = event?.id ?? null;
    const result: SendResult = yield call(sendOnce, id, file, eventId);
    const step: AttemptStep = afterAttempt(result, attempt);
    if (step.kind === 'retry') {
      wait = step.afterMs;
      // The next request sends the file from its first byte: its bar starts again too.
      yield put(fileUploadStarted({ id, at: services.clock.now() }));
      continue;
    }
    if (step.kind === 'completed') {
      yield put(completedCopies, id);
      yield put(fileUploadCompleted({ id, clipId: step.clipId, at: services.clock.now() }));
      // The lists that show the new clip refetch by themselves, here and in the other tabs (part 2's clip
      // lists provide these tags): those of the event the server stored it in, which for a retry answered with
      // an earlier sending's clip may not be the one chosen now.
      const storedIn = step.eventId === undefined ? eventId : step.eventId;
      yield put(api.util.invalidateTags(completedUploadTags(storedIn)));
      yield call(announceClipsChanged, storedIn);
      return;
    }
    if (step.eventRejected) yield put(uploadEventRejected(EVENT_PROBLEM_MESSAGE));
    yield call(markFailed, id, step.error);
    return;
  }
}

type UploadSender = typeof UploadSendModule;
/**
 * The sending code once it has loaded. Kept so that a worker moving on to its next file sends at once: even an
 * import() already done resolves a turn later, after the renders of the file that just settled.
 */
let loadedSender: UploadSender | null = null;
const loadSender = async (): Promise<UploadSender> =>
  (loadedSender ??= await import(/* webpackChunkName: "upload-send" */ './uploadSend'));

/**
 * The sending code (request, progress, the answer's reading) is a chunk of its own, not in every page's JS; it
 * is asked for once files are listed (loadSenderAhead). Code that cannot load is a failed attempt like a
 * dropped connection: retried, then reported.
 */
function* sendOnce(id: string, file: File, eventId: string | null): SagaIterator<SendResult> {
  let sender: UploadSender;
  try {
    sender = loadedSender ?? ((yield call(loadSender)) as UploadSender);
  } catch {
    return { kind: 'network' };
  }
  return (yield call(sender.sendUpload, id, file, eventId)) as SendResult;
}

/**
 * The sending code loads once files are listed, not at Upload Files: the transfers start at the press
 * instead of a download later. A failure here is no failure: sendOnce asks again.
 */
function* loadSenderAhead(): SagaIterator {
  try {
    yield call(loadSender);
  } catch {
    /* loaded, or reported, at the first sending */
  }
}

/** Resolves once the file has left the list (removed, or cleared by Clear All while not uploading). */
function* untilRemoved(id: string): SagaIterator {
  for (;;) {
    yield take([fileRemoved.type, allCleared.type]);
    const uploads: UploadsState = yield select(selectUploads);
    if (!uploads.files.some((f) => f.id === id)) return;
  }
}

/** After a file settled: its File is let go once sent; the session is saved, or over once nothing is left. */
function* afterFileSettled(id: string): SagaIterator {
  const uploads: UploadsState = yield select(selectUploads);
  if (uploads.files.find((f) => f.id === id)?.status === 'completed') forgetFiles([id]);
  if (isUploadSessionOver(uploads.files)) {
    yield call(endStoredSession);
    yield put(uploadSessionCleared());
  } else yield call(saveSession);
}

/**
 * Completed files' copies leave IndexedDB once no transfer runs (queueIsIdle), all together. Deleting a 50 MB
 * copy takes the browser's IndexedDB thread and the disk, which the transfers need: in a trace of a run, the
 * deletions made between transfers were the browser's largest task apart from the transfers themselves
 * (docs/performance.md "Uploads"). A copy that outlives its transfer changes nothing a resume does (a completed file
 * is never sent again); one left by a closed page, a failed deletion or a session ended for inactivity (whose
 * uploads are kept for the same user) is removed with the leftovers at the next sign-in (uploadSessionSaga.ts
 * offerResume), and any other end of the session drops every copy (afterScopeEnd).
 */
function* dropCompletedCopies(completedCopies: Channel<string>, queued: ReadonlySet<string>): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  for (;;) {
    const first: string = yield take(completedCopies);
    for (;;) {
      const uploads: UploadsState = yield select(selectUploads);
      if (queueIsIdle(uploads.files, queued)) break;
      yield take('*');
    }
    const more: string[] = yield flush(completedCopies);
    try {
      yield call([io, io.dropFiles], [first, ...more]);
    } catch {
      /* removed with the leftovers at the next sign-in */
    }
  }
}

/**
 * Durations read while files wait, one at a time, from the moment they are listed: a worker then finds the
 * duration there and sends at once instead of reading it between two transfers (a
 * gap a plain XHR does not have). A file a worker takes before its turn here is read by the worker.
 */
function* readDurationsAhead(): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  for (;;) {
    yield take([filesAccepted.type, repickMatched.type, resumeAccepted.type]);
    for (;;) {
      const uploads: UploadsState = yield select(selectUploads);
      const id = nextDurationToRead(uploads.files, (fileId) => getFile(fileId) !== undefined);
      const file = id === null ? undefined : getFile(id);
      if (id === null || !file) break;
      const duration: number | null = yield call([io, io.readDuration], file);
      yield put(metadataExtracted({ id, duration }));
    }
  }
}

/**
 * One file at a time per worker. A cancel request ends its upload (and aborts the request); so does
 * removing the file while its metadata is read: a removed file is never sent.
 */
function* worker(queue: Channel<string>, completedCopies: Channel<string>): SagaIterator {
  for (;;) {
    const id: string = yield take(queue);
    const { cancelled } = yield race({
      done: call(uploadOne, id, completedCopies),
      cancelled: take((a: { type: string; payload?: unknown }) => uploadCancelRequested.match(a) && a.payload === id),
      removed: call(untilRemoved, id),
    });
    if (cancelled) yield call(markFailed, id, uploadError('CANCELLED'));
    yield call(afterFileSettled, id);
  }
}

function* enqueuePending(queue: Channel<string>, queued: Set<string>): SagaIterator {
  const uploads: UploadsState = yield select(selectUploads);
  for (const id of filesToSend(uploads.files, queued)) {
    queued.add(id);
    yield put(queue, id);
  }
}

/** While uploads run: the leave-page warning, the screen kept awake, persistent storage. */
function* holdWhileBusy(): SagaIterator {
  let release: (() => void) | null = null;
  try {
    for (;;) {
      yield take('*');
      const uploads: UploadsState = yield select(selectUploads);
      const busy = isBusy(uploads.files);
      if (busy && !release) release = holdWhileUploading();
      if (!busy && release) {
        release();
        release = null;
      }
    }
  } finally {
    release?.();
  }
}

/** Everything uploads do while `userId` is signed in; cancelled as a whole when the session ends. */
function* uploadScope(userId: string, claim: StoredSessionClaim): SagaIterator {
  const queue: Channel<string> = yield call(channel, buffers.expanding<string>(16));
  const queued = new Set<string>();
  const services: AppServices = yield getContext('services');
  const board = progressBoard(services.clock);
  yield setContext({ [PROGRESS_BOARD]: board, [STORED_SESSION_CLAIM]: claim });
  yield fork(gatherProgress, board, services.clock);
  const completedCopies: Channel<string> = yield call(channel, buffers.expanding<string>(16));
  yield fork(dropCompletedCopies, completedCopies, queued);
  for (let i = 0; i < UPLOAD_CONCURRENCY; i += 1) yield fork(worker, queue, completedCopies);
  yield fork(holdWhileBusy);
  yield fork(readDurationsAhead);
  // Files picked before the stored session's offer is answered (a file dialog already open at the reload, an
  // IndexedDB slow to hand back the kept files) wait for that answer: accepted at once, they began a session of
  // their own over the stored one, and Resume then listed the stored files in their place — a file on its way
  // vanished from the list and from the stored session. Taken after the answer, they join whatever it left.
  const picks: Channel<ReturnType<typeof filesPicked>> = yield actionChannel(filesPicked.type, buffers.expanding(4));
  yield takeLatest([filesAccepted.type, repickMatched.type, resumeAccepted.type], loadSenderAhead);
  yield takeEvery(uploadRequested.type, enqueuePending, queue, queued);
  yield takeEvery(fileRetryRequested.type, function* (action: ReturnType<typeof fileRetryRequested>) {
    queued.delete(action.payload);
    yield call(ensureSession);
    yield call(enqueuePending, queue, queued);
  });
  yield takeEvery(fileRemoved.type, (action: ReturnType<typeof fileRemoved>) => dropFiles([action.payload]));
  yield takeEvery(allCleared.type, function* () {
    const uploads: UploadsState = yield select(selectUploads);
    const gone = droppedFiles(registeredIds(), uploads.files);
    gone.forEach((id) => queued.delete(id));
    yield call(dropFiles, gone);
  });
  yield takeEvery(uploadEventSelected.type, saveSession);
  yield takeEvery(resumeAccepted.type, resume);
  yield takeEvery(startFreshChosen.type, startFresh);
  yield call(offerResume, userId);
  yield call(offerAnswered);
  yield takeEvery(picks, acceptFiles);
}

/**
 * The upload queue, scoped to one signed-in user: started at each sign-in, and ended — every upload
 * aborted, nothing of theirs left in memory — at sign-out, at any other end of the session, or when the
 * session becomes another user's.
 */
export function* uploadQueueSaga(): SagaIterator {
  for (;;) {
    let userId: string | null = yield select(selectSignedInUserId);
    if (!userId) {
      const started: ReturnType<typeof sessionStarted> = yield take(sessionStarted.type);
      userId = started.payload.record.user.id;
    }
    const owner = userId;
    const io: UploadServices = yield getContext('uploads');
    const claim = storedSessionClaim(() => io.claimStoredSession());
    try {
      const { ended, switched } = yield race({
        run: call(uploadScope, owner, claim),
        ended: take(signedOut.type),
        switched: take((a: { type: string }) => sessionStarted.match(a) && a.payload.record.user.id !== owner),
      });
      // (`run` never ends by itself: its workers wait for files as long as the session lasts.)
      if (ended) yield call(afterScopeEnd, { kind: 'signedOut', reason: (ended as ReturnType<typeof signedOut>).payload.reason });
      else if (switched) yield call(afterScopeEnd, { kind: 'otherUser' });
    } finally {
      // After the end's own clean-up, so no other tab stores a session between.
      claim.release();
    }
  }
}
