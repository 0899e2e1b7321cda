import { buffers, channel, type Channel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, fork, getContext, put, race, select, take, takeEvery } from 'redux-saga/effects';
import type { AppServices } from '../../app/services';
import type { RootState } from '../../app/store';
import { keepsUploadsAfter } from '../../app/userData';
import { sessionStarted, signedOut } from '../session/sessionSlice';
import { holdWhileUploading, onlineChannel } from './browserUploadEffects';
import { forgetFiles, getFile, registeredIds, restoreFile } from './fileRegistry';
import { EVENT_PROBLEM_MESSAGE, NETWORK_RETRY_DELAYS_MS, UPLOAD_CONCURRENCY } from './uploadConstants';
import { readUploadAnswer, uploadError } from './uploadErrors';
import {
  clearUploadSession,
  isSessionValid,
  readUploadSession,
  resumable,
  writeUploadSession,
  type StoredUploadSession,
} from './uploadPersistence';
import { sendUpload, type SendResult } from './uploadSend';
import type { UploadServices } from './uploadServices';
import {
  allCleared,
  fileRemoved,
  fileRetryRequested,
  filesAccepted,
  filesPicked,
  fileUploadCompleted,
  fileUploadFailed,
  fileUploadStarted,
  metadataExtracted,
  metadataExtractionStarted,
  repickMatched,
  resumeAccepted,
  resumeDismissed,
  resumeOffered,
  selectionRejected,
  startFreshChosen,
  uploadCancelRequested,
  uploadEventRejected,
  uploadEventSelected,
  uploadRequested,
  uploadSessionCleared,
  uploadSessionRestored,
  uploadSessionStarted,
  type ResumeOffer,
  type UploadsState,
} from './uploadsSlice';
import { isIncomplete, type PickedFile } from './uploadTypes';
import { validateSelection } from './uploadValidation';

const selectUploadsState = (s: RootState) => s.uploads;

function newSessionId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `u-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

// ── the session record: saved after every change, cleared when nothing is left to upload ──

const selectOwnerId = (s: RootState) => (s.session.status === 'signedIn' ? (s.session.user?.id ?? null) : null);

/** Saved under the signed-in user's id: it is offered to that user only. */
function* saveSession(): SagaIterator {
  const s: UploadsState = yield select(selectUploadsState);
  const ownerId: string | null = yield select(selectOwnerId);
  if (!ownerId) return; // the session has ended: what is stored stays as the end left it
  const incomplete = s.files.filter((f) => isIncomplete(f.status));
  if (!s.sessionId || incomplete.length === 0) {
    clearUploadSession();
    return;
  }
  const record: StoredUploadSession = {
    ownerId,
    sessionId: s.sessionId,
    selectedEvent: s.selectedEvent,
    files: incomplete,
    createdAt: s.createdAt ?? Date.now(),
    lastActivity: s.lastActivity ?? Date.now(),
    isActive: incomplete.some((f) => f.status === 'uploading' || f.status === 'extracting-metadata'),
  };
  writeUploadSession(record);
}

/** An upload session exists from the first file on (spec part 1 §4 "created … when a session starts"). */
function* ensureSession(): SagaIterator {
  const services: AppServices = yield getContext('services');
  const s: UploadsState = yield select(selectUploadsState);
  if (!s.sessionId) yield put(uploadSessionStarted({ sessionId: newSessionId(), at: services.clock.now() }));
}

// ── picking files ──

function* acceptFiles(action: ReturnType<typeof filesPicked>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const io: UploadServices = yield getContext('uploads');
  const state: UploadsState = yield select(selectUploadsState);
  let picked: PickedFile[] = action.payload;

  // Resuming without kept contents: match re-picked files by name, size and last-modified time.
  if (state.awaitingRepick.length > 0) {
    const waiting = state.files.filter((f) => state.awaitingRepick.includes(f.id));
    const matched: string[] = [];
    picked = picked.filter((p) => {
      const twin = waiting.find(
        (w) => !matched.includes(w.id) && w.name === p.name && w.size === p.size && w.lastModified === p.lastModified,
      );
      const file = getFile(p.id);
      if (!twin || !file) return true;
      restoreFile(twin.id, file);
      forgetFiles([p.id]);
      matched.push(twin.id);
      return false;
    });
    if (matched.length) {
      yield put(repickMatched(matched));
      for (const id of matched) {
        const file = getFile(id);
        if (file) yield call([io, io.keepFile], id, file);
      }
      const after: UploadsState = yield select(selectUploadsState);
      if (after.awaitingRepick.length === 0) yield put(uploadRequested());
    }
    if (picked.length === 0) return;
  }

  const verdict = validateSelection(picked);
  if (!verdict.ok) {
    forgetFiles(picked.map((p) => p.id));
    yield put(selectionRejected(verdict.message));
    return;
  }
  yield call(ensureSession);
  yield put(filesAccepted({ files: picked, at: services.clock.now() }));
  // Keep the contents until uploaded, so a reload loses nothing.
  for (const p of picked) {
    const file = getFile(p.id);
    if (file) yield call([io, io.keepFile], p.id, file);
  }
  yield call(saveSession);
}

function* dropRemoved(ids: string[]): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  forgetFiles(ids);
  yield call([io, io.dropFiles], ids);
  yield call(saveSession);
}

// ── one file ──

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

/**
 * Metadata, then the upload. A lost connection is retried by itself after 0, 1, 3 and 5 s (and not
 * while the browser is offline: it waits for the connection), then the file is marked failed. What a
 * refusal means for the session is decided as for every other call (uploadSend.ts).
 */
function* uploadOne(id: string): SagaIterator {
  const services: AppServices = yield getContext('services');
  const io: UploadServices = yield getContext('uploads');
  const state: UploadsState = yield select(selectUploadsState);
  const item = state.files.find((f) => f.id === id);
  const file = getFile(id);
  if (!item || item.status !== 'pending') return;
  const fail = (error: ReturnType<typeof uploadError>) => put(fileUploadFailed({ id, error, at: services.clock.now() }));
  if (!file) {
    yield fail({ code: 'UPLOAD_FAILED', message: 'This file is no longer available. Please select it again.' });
    return;
  }

  if (!item.metadata) {
    yield put(metadataExtractionStarted(id));
    const duration: number | null = yield call([io, io.readDuration], file);
    yield put(metadataExtracted({ id, duration }));
  }
  yield put(fileUploadStarted({ id, at: services.clock.now() }));
  yield call(saveSession);

  for (let attempt = 0; attempt < NETWORK_RETRY_DELAYS_MS.length; attempt += 1) {
    yield delay(NETWORK_RETRY_DELAYS_MS[attempt] ?? 0);
    yield call(waitUntilOnline);
    const result: SendResult = yield call(sendUpload, item, file);
    if (result.kind === 'network') continue;
    if (result.kind === 'sessionEnded') {
      yield fail(uploadError('AUTHENTICATION_FAILED'));
      return;
    }
    const answer = readUploadAnswer(result.status, result.body);
    if (answer.kind === 'completed') {
      yield put(fileUploadCompleted({ id, clipId: answer.clipId, at: services.clock.now() }));
      return;
    }
    if (answer.error.code === 'EVENT_MATCHING_FAILED') yield put(uploadEventRejected(EVENT_PROBLEM_MESSAGE));
    yield fail(answer.error);
    return;
  }
  yield fail(uploadError('NETWORK_ERROR'));
}

/** Resolves once the file has left the list (removed, or cleared by Clear All while not uploading). */
function* untilRemoved(id: string): SagaIterator {
  for (;;) {
    yield take([fileRemoved.type, allCleared.type]);
    const s: UploadsState = yield select(selectUploadsState);
    if (!s.files.some((f) => f.id === id)) return;
  }
}

/**
 * One file at a time per worker. A cancel request ends its upload (and aborts the request); so does
 * removing the file while its metadata is read: a removed file is never sent.
 */
function* worker(queue: Channel<string>): SagaIterator {
  const services: AppServices = yield getContext('services');
  for (;;) {
    const id: string = yield take(queue);
    const { cancelled } = yield race({
      done: call(uploadOne, id),
      cancelled: take((a: { type: string; payload?: unknown }) => a.type === uploadCancelRequested.type && a.payload === id),
      removed: call(untilRemoved, id),
    });
    if (cancelled) yield put(fileUploadFailed({ id, error: uploadError('CANCELLED'), at: services.clock.now() }));
    yield call(afterFileSettled, id);
  }
}

function* afterFileSettled(id: string): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  const s: UploadsState = yield select(selectUploadsState);
  const f = s.files.find((x) => x.id === id);
  if (f?.status === 'completed') {
    forgetFiles([id]);
    yield call([io, io.dropFiles], [id]);
  }
  // Nothing left uploading, pending or extracting: the session is over (failed files stay on screen).
  if (!s.files.some((x) => isIncomplete(x.status))) {
    clearUploadSession();
    yield put(uploadSessionCleared());
  } else yield call(saveSession);
}

/** Feeds only pending files, each once, to the workers. */
function* enqueuePending(queue: Channel<string>, queued: Set<string>): SagaIterator {
  const s: UploadsState = yield select(selectUploadsState);
  for (const f of s.files) {
    if (f.status === 'pending' && !queued.has(f.id)) {
      queued.add(f.id);
      yield put(queue, f.id);
    }
  }
}

// ── resume after a reload ──

/**
 * At sign-in: the user's own stored session, still valid and with incomplete files, is offered
 * ('Resume Upload?'). Another user's (or an unowned one) is never offered: it is removed, with every
 * kept file, as are leftovers no stored session lists.
 */
function* offerResume(userId: string): SagaIterator {
  const services: AppServices = yield getContext('services');
  const io: UploadServices = yield getContext('uploads');
  const stored = readUploadSession();
  const files = stored ? resumable(stored.files) : [];
  if (!stored || stored.ownerId !== userId || !isSessionValid(stored, services.clock.now()) || files.length === 0) {
    if (stored) clearUploadSession();
    yield call([io, io.dropAllFiles], []);
    return;
  }
  yield call(
    [io, io.dropAllFiles],
    stored.files.map((f) => f.id),
  );
  let kept = true;
  for (const f of files) {
    const content: File | null = yield call([io, io.loadFile], f.id);
    if (content) restoreFile(f.id, content);
    else kept = false;
  }
  const offer: ResumeOffer = { sessionId: stored.sessionId, selectedEvent: stored.selectedEvent, files, filesKept: kept };
  yield put(resumeOffered(offer));
}

function* resume(): SagaIterator {
  const s: UploadsState = yield select(selectUploadsState);
  const offer = s.resumeOffer;
  if (!offer) return;
  const stored = readUploadSession();
  const missing = offer.files.filter((f) => !getFile(f.id)).map((f) => f.id);
  yield put(
    uploadSessionRestored({
      sessionId: offer.sessionId,
      createdAt: stored?.createdAt ?? Date.now(),
      selectedEvent: offer.selectedEvent,
      files: offer.files,
      awaitingRepick: missing,
    }),
  );
  yield call(saveSession);
  if (missing.length === 0) yield put(uploadRequested());
}

function* startFresh(): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  const s: UploadsState = yield select(selectUploadsState);
  const ids = s.resumeOffer?.files.map((f) => f.id) ?? [];
  forgetFiles(ids);
  yield call([io, io.dropFiles], ids);
  clearUploadSession();
  yield put(resumeDismissed());
}

// ── while uploads run: leave warning, wake lock, persistent storage ──

function* holdWhileBusy(): SagaIterator {
  let release: (() => void) | null = null;
  try {
    for (;;) {
      yield take('*');
      const s: UploadsState = yield select(selectUploadsState);
      const busy = s.files.some((f) => f.status === 'uploading' || f.status === 'extracting-metadata');
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
function* uploadScope(userId: string): SagaIterator {
  const queue: Channel<string> = yield call(channel, buffers.expanding<string>(16));
  const queued = new Set<string>();
  for (let i = 0; i < UPLOAD_CONCURRENCY; i += 1) yield fork(worker, queue);
  yield fork(holdWhileBusy);
  yield takeEvery(filesPicked.type, acceptFiles);
  yield takeEvery(uploadRequested.type, function* () {
    yield call(enqueuePending, queue, queued);
  });
  yield takeEvery(fileRetryRequested.type, function* (action: ReturnType<typeof fileRetryRequested>) {
    queued.delete(action.payload);
    yield call(ensureSession);
    yield call(enqueuePending, queue, queued);
  });
  yield takeEvery(fileRemoved.type, (action: ReturnType<typeof fileRemoved>) => dropRemoved([action.payload]));
  yield takeEvery(allCleared.type, function* () {
    const s: UploadsState = yield select(selectUploadsState);
    const kept = new Set(s.files.map((f) => f.id));
    const gone = registeredIds().filter((id) => !kept.has(id));
    gone.forEach((id) => queued.delete(id));
    yield call(dropRemoved, gone);
  });
  yield takeEvery(uploadEventSelected.type, saveSession);
  yield takeEvery(resumeAccepted.type, resume);
  yield takeEvery(startFreshChosen.type, startFresh);
  yield call(offerResume, userId);
}

/**
 * After the session ended (the scope is cancelled: every running request aborted, the slice reset by
 * its extraReducers): the page forgets the picked files, and the stored upload session with its kept
 * contents stays for its owner or goes, by reason (src/app/userData.ts).
 */
function* afterSessionEnd(keep: boolean): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  forgetFiles(registeredIds());
  if (keep) return;
  clearUploadSession();
  yield call([io, io.dropAllFiles], []);
}

/**
 * The upload queue, scoped to one signed-in user: started at each sign-in, and ended — every upload
 * aborted, nothing of theirs left in memory — at sign-out, at any other end of the session, or when the
 * session becomes another user's.
 */
export function* uploadQueueSaga(): SagaIterator {
  for (;;) {
    let userId: string | null = yield select(selectOwnerId);
    if (!userId) {
      const started: ReturnType<typeof sessionStarted> = yield take(sessionStarted.type);
      userId = started.payload.record.user.id;
    }
    const owner = userId;
    const { ended, switched } = yield race({
      run: call(uploadScope, owner),
      ended: take(signedOut.type),
      switched: take((a: { type: string }) => sessionStarted.match(a) && a.payload.record.user.id !== owner),
    });
    // (`run` never ends by itself: its workers wait for files as long as the session lasts.)
    if (ended) yield call(afterSessionEnd, keepsUploadsAfter((ended as ReturnType<typeof signedOut>).payload.reason));
    else if (switched) yield call(afterSessionEnd, false);
  }
}
