import { buffers, channel, type Channel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, fork, getContext, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { apiBaseUrl } from '../../app/config';
import type { AppServices } from '../../app/services';
import type { RootState } from '../../app/store';
import type { RefreshOutcome } from '../../api/baseQuery';
import { refreshViaStore } from '../session/refreshSession';
import { holdWhileUploading, onlineChannel } from './browserUploadEffects';
import { forgetFiles, getFile, registeredIds, restoreFile } from './fileRegistry';
import { EVENT_PROBLEM_MESSAGE, NETWORK_RETRY_DELAYS_MS, PROGRESS_INTERVAL_MS, UPLOAD_CONCURRENCY } from './uploadConstants';
import { errorForResponse, uploadError } from './uploadErrors';
import {
  clearUploadSession,
  isSessionValid,
  readUploadSession,
  resumable,
  writeUploadSession,
  type StoredUploadSession,
} from './uploadPersistence';
import type { UploadServices } from './uploadServices';
import type { UploadEvent, UploadOutcome } from './uploadTransport';
import {
  allCleared,
  fileRemoved,
  fileRetryRequested,
  filesAccepted,
  filesPicked,
  fileProgressed,
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
import { isIncomplete, type PickedFile, type UploadFileItem } from './uploadTypes';
import { validateSelection } from './uploadValidation';

const selectUploadsState = (s: RootState) => s.uploads;

function newSessionId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `u-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

// ── the session record: saved after every change, cleared when nothing is left to upload ──

function* saveSession(): SagaIterator {
  const s: UploadsState = yield select(selectUploadsState);
  const incomplete = s.files.filter((f) => isIncomplete(f.status));
  if (!s.sessionId || incomplete.length === 0) {
    clearUploadSession();
    return;
  }
  const record: StoredUploadSession = {
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

/** Sends the file, reporting progress; resolves with the server's answer or a network failure. */
function* transfer(item: UploadFileItem, file: File): SagaIterator<UploadOutcome> {
  const io: UploadServices = yield getContext('uploads');
  const state: RootState = yield select();
  const request = {
    url: `${apiBaseUrl()}uploads`,
    file,
    eventId: state.uploads.selectedEvent?.id ?? null,
    token: state.session.token,
  };
  const events: EventChannel<UploadEvent> = yield call([io, io.openUpload], request);
  const services: AppServices = yield getContext('services');
  let shown = -1;
  let shownAt = 0;
  try {
    for (;;) {
      const event: UploadEvent = yield take(events);
      if (event.type === 'done') return event.outcome;
      // At most a few updates a second per file: every update re-renders the list, and on a small
      // device the CPU that costs is taken from the upload itself.
      const percent = Math.floor(event.percent);
      const now = services.clock.now();
      if (percent !== shown && now - shownAt >= PROGRESS_INTERVAL_MS) {
        shown = percent;
        shownAt = now;
        yield put(fileProgressed({ id: item.id, progress: percent }));
      }
    }
  } finally {
    events.close(); // aborts the request when the upload is cancelled
  }
}

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
 * while the browser is offline: it waits for the connection), then the file is marked failed; a 401
 * refreshes the session once and repeats.
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

  let refreshedOnce = false;
  for (let attempt = 0; attempt < NETWORK_RETRY_DELAYS_MS.length;) {
    yield delay(NETWORK_RETRY_DELAYS_MS[attempt] ?? 0);
    yield call(waitUntilOnline);
    const outcome: UploadOutcome = yield call(transfer, item, file);
    if (outcome.kind === 'ok') {
      const body = outcome.body as { data?: { id?: unknown } } | null;
      const clipId = body && typeof body === 'object' && body.data && typeof body.data.id === 'string' ? body.data.id : null;
      if (!clipId) {
        yield fail({ code: 'UPLOAD_FAILED', message: 'Invalid response from server' });
        return;
      }
      yield put(fileUploadCompleted({ id, clipId, at: services.clock.now() }));
      return;
    }
    if (outcome.kind === 'http') {
      if (outcome.status === 401 && !refreshedOnce) {
        refreshedOnce = true;
        const refreshed: RefreshOutcome = yield call(refreshViaStore);
        if (refreshed === 'refreshed') continue;
      }
      const error = errorForResponse(outcome.status, outcome.body);
      if (error.code === 'EVENT_MATCHING_FAILED') yield put(uploadEventRejected(EVENT_PROBLEM_MESSAGE));
      yield fail(error);
      return;
    }
    attempt += 1;
  }
  yield fail(uploadError('NETWORK_ERROR'));
}

/** One file at a time per worker; a cancel request ends its upload (and aborts the request). */
function* worker(queue: Channel<string>): SagaIterator {
  const services: AppServices = yield getContext('services');
  for (;;) {
    const id: string = yield take(queue);
    const { cancelled } = yield race({
      done: call(uploadOne, id),
      cancelled: take((a: { type: string; payload?: unknown }) => a.type === uploadCancelRequested.type && a.payload === id),
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

function* offerResume(): SagaIterator {
  const services: AppServices = yield getContext('services');
  const io: UploadServices = yield getContext('uploads');
  const stored = readUploadSession();
  if (!stored) return;
  const files = resumable(stored.files);
  if (!isSessionValid(stored, services.clock.now()) || files.length === 0) {
    clearUploadSession();
    yield call(
      [io, io.dropFiles],
      stored.files.map((f) => f.id),
    );
    return;
  }
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

export function* uploadQueueSaga(): SagaIterator {
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
  yield call(offerResume);
}
