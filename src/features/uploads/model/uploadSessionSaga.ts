import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import type { AppServices } from '../../../app/services';
import { forgetFiles, getFile, registeredIds, restoreFile } from './fileRegistry';
import { selectSignedInUserId } from '../../session/public';
import { selectUploads } from './selectors';
import { STORED_SESSION_CLAIM, type StoredSessionClaim } from './storedSessionClaim';
import { KEEP_PACE_SAMPLE_MS } from './uploadConstants';
import { bytesSent, copyWhileSending, nextToKeep } from './uploadKeepPolicy';
import { clearUploadSession, readUploadSession, writeUploadSession } from './uploadPersistence';
import { isBusy, matchRepicked } from './uploadQueuePolicy';
import {
  keepsStoredSession,
  resumeDecision,
  sessionToStore,
  type SessionToStore,
  type UploadScopeEnd,
} from './uploadResumePolicy';
import type { UploadServices } from './uploadServices';
import {
  allCleared,
  filesProgressed,
  fileRemoved,
  filesAccepted,
  fileUploadCompleted,
  fileUploadFailed,
  fileUploadStarted,
  type filesPicked,
  repickMatched,
  resumeDismissed,
  resumeOffered,
  selectionRejected,
  uploadRequested,
  uploadSessionRestored,
  uploadSessionStarted,
  type UploadsState,
} from './uploadsSlice';
import type { PickedFile } from './uploadTypes';
import { validateSelection } from './uploadValidation';
import { randomId } from '../../../lib/randomId';

/**
 * The upload session over time (docs/product/part-1.md §4 "Upload session"): started with the first file, stored
 * after every change, offered again after a reload, resumed or discarded, and kept or removed at the end
 * of a sign-in. The decisions are uploadResumePolicy.ts's; the storage is uploadPersistence.ts's.
 */

/** Stores the session after a change (only its incomplete files, under the signed-in user's id). */
export function* saveSession(): SagaIterator {
  const services: AppServices = yield getContext('services');
  const uploads: UploadsState = yield select(selectUploads);
  const ownerId: string | null = yield select(selectSignedInUserId);
  const claim: StoredSessionClaim = yield getContext(STORED_SESSION_CLAIM);
  const next: SessionToStore = sessionToStore(uploads, ownerId, services.clock.now());
  if (next.kind === 'write') {
    // Another open tab's session stays as that tab stores it; this one's lives in this page until it may.
    const held: boolean = yield call([claim, claim.hold]);
    if (held) yield call(writeUploadSession, next.record);
  } else if (next.kind === 'clear') yield call(endStoredSession);
}

/** The stored session is over (nothing left to send, or discarded): removed, where it is this tab's, and let go. */
export function* endStoredSession(): SagaIterator {
  const claim: StoredSessionClaim = yield getContext(STORED_SESSION_CLAIM);
  if (!claim.held) return;
  yield call(clearUploadSession);
  claim.release();
}

/** An upload session exists from the first file on (docs/product/part-1.md §4 "created … when a session starts"). */
export function* ensureSession(): SagaIterator {
  const services: AppServices = yield getContext('services');
  const uploads: UploadsState = yield select(selectUploads);
  const now = services.clock.now();
  if (!uploads.sessionId) yield put(uploadSessionStarted({ sessionId: randomId(), at: now }));
}

/**
 * Keeps the files' contents until they are uploaded, so a reload loses nothing: one file at a time, in the
 * order nextToKeep gives (waiting files first), looking at the list again before each copy, so the copies
 * skip the files whose transfer has already ended. While files are sent, copyWhileSending decides from the pace
 * the transfers keep whether a copy is worth its cost to them; held, the copying looks again when the list moves.
 */
function* keepContents(ids: readonly string[]): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  const services: AppServices = yield getContext('services');
  const claim: StoredSessionClaim = yield getContext(STORED_SESSION_CLAIM);
  // Copies serve the stored session; one another tab holds does not list these files.
  if (!claim.held) return;
  let notYetKept = [...ids];
  let paceFrom: { at: number; sent: number } | null = null;
  for (;;) {
    const uploads: UploadsState = yield select(selectUploads);
    const id = nextToKeep(uploads.files, notYetKept);
    if (id === null) return;
    if (!isBusy(uploads.files)) paceFrom = null;
    else {
      const now = services.clock.now();
      const sent = bytesSent(uploads.files);
      paceFrom ??= { at: now, sent };
      const pace = { sentBytes: sent - paceFrom.sent, elapsedMs: now - paceFrom.at };
      if (copyWhileSending(uploads.files, pace) === 'hold') {
        yield race({
          moved: take([filesProgressed.type, fileUploadCompleted.type, fileUploadFailed.type, fileRemoved.type, allCleared.type]),
          later: delay(KEEP_PACE_SAMPLE_MS),
        });
        continue;
      }
    }
    notYetKept = notYetKept.filter((other) => other !== id);
    const file = getFile(id);
    if (!file) continue;
    // A copy begun while nothing was being sent gives way to the transfers once they start: it is cancelled
    // (the IndexedDB write aborted) and the file waits its turn again, under copyWhileSending like the rest.
    // One begun while sending was found worth its cost, and finishes.
    const { sending } = (yield race({
      kept: call([io, io.keepFile], id, file),
      ...(isBusy(uploads.files) ? {} : { sending: take(fileUploadStarted.type) }),
    })) as { sending?: unknown };
    if (sending) notYetKept = [id, ...notYetKept];
  }
}

/**
 * Resuming without kept contents: re-picked files take the place of the waiting ones they match; once
 * none is waiting any more, the upload goes on. Returns the picked files that matched none.
 */
function* takeRepicked(picked: PickedFile[]): SagaIterator<PickedFile[]> {
  const uploads: UploadsState = yield select(selectUploads);
  const waiting = uploads.files.filter((f) => uploads.awaitingRepick.includes(f.id));
  const pairs = matchRepicked(
    waiting,
    picked.filter((p) => getFile(p.id)),
  );
  if (pairs.length === 0) return picked;
  for (const { waitingId, pickedId } of pairs) {
    const file = getFile(pickedId);
    if (file) restoreFile(waitingId, file);
    forgetFiles([pickedId]);
  }
  const matched = pairs.map((m) => m.waitingId);
  yield put(repickMatched(matched));
  yield call(keepContents, matched);
  const after: UploadsState = yield select(selectUploads);
  if (after.awaitingRepick.length === 0) yield put(uploadRequested());
  return picked.filter((p) => !pairs.some((m) => m.pickedId === p.id));
}

/** Files picked: validated as a whole (one bad file refuses all), then listed as pending and kept. */
export function* acceptFiles(action: ReturnType<typeof filesPicked>): SagaIterator {
  const services: AppServices = yield getContext('services');
  const uploads: UploadsState = yield select(selectUploads);
  let picked: PickedFile[] = action.payload;
  if (uploads.awaitingRepick.length > 0) {
    picked = yield call(takeRepicked, picked);
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
  // Saved first: the copies may wait for the transfers (keepContents).
  yield call(saveSession);
  yield call(
    keepContents,
    picked.map((p) => p.id),
  );
}

/** Files that left the list: the page and IndexedDB forget them. */
export function* dropFiles(ids: string[]): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  forgetFiles(ids);
  yield call([io, io.dropFiles], ids);
  yield call(saveSession);
}

/**
 * At sign-in: the user's own valid stored session is offered ('Resume Upload?') with the contents kept
 * for it; anything else stored is removed, with every kept file, as are leftovers no stored session lists.
 */
export function* offerResume(userId: string): SagaIterator {
  const services: AppServices = yield getContext('services');
  const io: UploadServices = yield getContext('uploads');
  const claim: StoredSessionClaim = yield getContext(STORED_SESSION_CLAIM);
  // Held by another open tab: what is stored is that tab's, still on its way — neither offered nor removed.
  const held: boolean = yield call([claim, claim.hold]);
  if (!held) return;
  const stored = readUploadSession();
  const decision = resumeDecision(stored, userId, services.clock.now());
  if (decision.kind === 'discard') {
    yield call([io, io.dropAllFiles], []);
    yield call(endStoredSession);
    return;
  }
  yield call(
    [io, io.dropAllFiles],
    decision.stored.files.map((f) => f.id),
  );
  let kept = true;
  for (const f of decision.files) {
    const content: File | null = yield call([io, io.loadFile], f.id);
    if (content) restoreFile(f.id, content);
    else kept = false;
  }
  const { sessionId, selectedEvent } = decision.stored;
  yield put(resumeOffered({ sessionId, selectedEvent, files: decision.files, filesKept: kept }));
}

/** Returns once no offer waits for an answer: Resume (the session restored), Start Fresh or Cancel (dismissed). */
export function* offerAnswered(): SagaIterator {
  const uploads: UploadsState = yield select(selectUploads);
  if (uploads.resumeOffer) yield take([uploadSessionRestored.type, resumeDismissed.type]);
}

/** Resume Upload: the offered files are listed again and sent, or first asked for where not kept. */
export function* resume(): SagaIterator {
  const services: AppServices = yield getContext('services');
  const uploads: UploadsState = yield select(selectUploads);
  const offer = uploads.resumeOffer;
  if (!offer) return;
  const stored = readUploadSession();
  const missing = offer.files.filter((f) => !getFile(f.id)).map((f) => f.id);
  yield put(
    uploadSessionRestored({
      sessionId: offer.sessionId,
      createdAt: stored?.createdAt ?? services.clock.now(),
      selectedEvent: offer.selectedEvent,
      files: offer.files,
      awaitingRepick: missing,
    }),
  );
  yield call(saveSession);
  if (missing.length === 0) yield put(uploadRequested());
}

/** Start Fresh: the offered session and its kept files are discarded. */
export function* startFresh(): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  const uploads: UploadsState = yield select(selectUploads);
  const ids = uploads.resumeOffer?.files.map((f) => f.id) ?? [];
  forgetFiles(ids);
  yield call([io, io.dropFiles], ids);
  yield call(endStoredSession);
  yield put(resumeDismissed());
}

/**
 * After a sign-in's uploads ended (every running request aborted, the slice reset by its extraReducers):
 * the page forgets the picked files, and the stored session with its kept contents stays for its owner
 * or goes (keepsStoredSession).
 */
export function* afterScopeEnd(end: UploadScopeEnd): SagaIterator {
  const io: UploadServices = yield getContext('uploads');
  forgetFiles(registeredIds());
  if (keepsStoredSession(end)) return;
  yield call(clearUploadSession);
  yield call([io, io.dropAllFiles], []);
}
