import { END, eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, getContext, race, take } from 'redux-saga/effects';
import type { AppServices } from '../../../app/services';
import { UPLOAD_STALL_CHECK_MS } from './uploadConstants';
import { PROGRESS_BOARD, type ProgressBoard } from './uploadProgress';
import type { UploadServices } from './uploadServices';
import { checkOffPace, isStalled, startedActivity, type TransferActivity } from './uploadStallPolicy';

export interface UploadRequest {
  url: string;
  file: File;
  eventId: string | null;
  token: string | null;
  /**
   * The picked file's id, sent as its Idempotency-Key: a sending repeated after a lost answer (or a stall cut
   * after the body arrived) is answered with the clip already stored, not stored twice (docs/api.md).
   */
  key: string;
}

/**
 * How one request ended: the server answered (any status; what the answer means is read by its schema,
 * `readUploadAnswer`, never here), or the connection was lost.
 */
export type UploadOutcome = { kind: 'answered'; status: number; body: unknown } | { kind: 'network' };

/** Told the share of the file sent so far, in whole percent, each new figure once. */
export type UploadProgressListener = (percent: number) => void;

/** Told of every report of the browser that the request moved, and whether the whole body is sent. */
export type UploadActivityListener = (bodySent: boolean) => void;

/** JSON when the body is JSON; otherwise the text itself, which the answer's schema then refuses. */
function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /api/v1/uploads as multipart (fields `video` and optional `eventId`, the file's Idempotency-Key) over XHR, which reports
 * upload progress (fetch cannot). The channel carries the outcome; the progress goes to `onProgress` straight from
 * the browser's handler, without waking a saga (uploadProgress.ts). Closing the channel aborts the request, so
 * cancelling the saga that reads it cancels the upload.
 */
export function uploadChannel(
  request: UploadRequest,
  onProgress: UploadProgressListener,
  onActivity: UploadActivityListener = () => undefined,
): EventChannel<UploadOutcome> {
  return eventChannel<UploadOutcome>((emit) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append('video', request.file, request.file.name);
    if (request.eventId) body.append('eventId', request.eventId);
    xhr.open('POST', request.url);
    xhr.setRequestHeader('X-Frontend-Client', 'true');
    xhr.setRequestHeader('Idempotency-Key', request.key);
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    // The browser reports every ~50 ms whatever the pace: on a phone's uplink dozens of reports in a row carry the
    // same whole percent. Only a new whole percent is passed on.
    let reported = -1;
    xhr.upload.onprogress = (e) => {
      onActivity(e.lengthComputable && e.loaded >= e.total);
      if (!e.lengthComputable || e.total <= 0) return;
      const percent = Math.floor((e.loaded / e.total) * 100);
      if (percent === reported) return;
      reported = percent;
      onProgress(percent);
    };
    const finish = (outcome: UploadOutcome) => {
      emit(outcome);
      emit(END);
    };
    xhr.onload = () => finish({ kind: 'answered', status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => finish({ kind: 'network' });
    xhr.ontimeout = () => finish({ kind: 'network' });
    xhr.send(body);
    return () => {
      if (xhr.readyState !== XMLHttpRequest.DONE) xhr.abort();
    };
  });
}

/**
 * Sends the file once (through the `uploads` context's `openUpload`, the channel above in the browser),
 * its progress, in whole percent, going to the upload scope's progress board (uploadProgress.ts, which sets the
 * pace of the store's updates); cancelling this saga closes the channel, which aborts the request. A request that
 * stops moving (uploadStallPolicy.ts) ends as a lost connection: the browser may wait many minutes to call a
 * half-open one lost, the bar frozen all along. Judged by the clock at each check; a check off its pace (a tab
 * waking from suspension before its reports arrive, a clock set) judges nothing and starts the count again.
 */
export function* transfer(fileId: string, request: UploadRequest): SagaIterator<UploadOutcome> {
  const io: UploadServices = yield getContext('uploads');
  const services: AppServices = yield getContext('services');
  const board: ProgressBoard = yield getContext(PROGRESS_BOARD);
  const onProgress: UploadProgressListener = (percent) => board.report(fileId, percent);
  // Written by the browser's handler, read by the checks below: no saga wakes per report.
  const activity: TransferActivity = startedActivity(services.clock.now());
  const onActivity: UploadActivityListener = (bodySent) => {
    activity.lastAt = services.clock.now();
    activity.sending = !bodySent;
  };
  let lastCheckAt = activity.lastAt;
  const answer: EventChannel<UploadOutcome> = yield call([io, io.openUpload], request, onProgress, onActivity);
  try {
    for (;;) {
      const { outcome } = (yield race({ outcome: take(answer), check: delay(UPLOAD_STALL_CHECK_MS) })) as {
        outcome?: UploadOutcome;
      };
      if (outcome) return outcome;
      const now = services.clock.now();
      if (checkOffPace(lastCheckAt, now)) activity.lastAt = now;
      else if (isStalled(activity, now)) return { kind: 'network' };
      lastCheckAt = now;
    }
  } finally {
    answer.close(); // aborts the request when the upload is cancelled
    // A figure of this request not yet shown would land on the next attempt's bar, or after Retry.
    board.forget(fileId);
  }
}
