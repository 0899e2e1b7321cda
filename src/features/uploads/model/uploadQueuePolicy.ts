import { NETWORK_RETRY_DELAYS_MS } from './uploadConstants';
import { uploadError } from './uploadFailure';
import type { SendResult } from './uploadSend';
import { isIncomplete, type PickedFile, type UploadError, type UploadFileItem } from './uploadTypes';

/**
 * The upload queue's decisions, as plain functions of what they look at (the saga only carries them
 * out): which files go next, when a lost connection is tried again, when a file counts as failed, what
 * is still incomplete, and what a completed upload changes for the rest of the app.
 */

/** Only pending files are sent (docs/product/part-1.md §4), each once however often Upload Files is pressed. */
export function filesToSend(files: readonly UploadFileItem[], queued: ReadonlySet<string>): string[] {
  return files.filter((f) => f.status === 'pending' && !queued.has(f.id)).map((f) => f.id);
}

/**
 * Which waiting file's duration to read ahead next (uploadQueueSaga.ts readDurationsAhead): the first pending one,
 * in the list's order, whose duration is not read yet and whose contents this page holds. Reading it while the
 * file waits keeps that read off the transfers' way: a worker then starts sending at once.
 */
export function nextDurationToRead(files: readonly UploadFileItem[], held: (id: string) => boolean): string | null {
  return files.find((f) => f.status === 'pending' && !f.metadata && held(f.id))?.id ?? null;
}

/** The wait before attempt `attempt` (0-based): 0, 1, 3, 5 s; null once every attempt is spent. */
export function delayBeforeAttempt(attempt: number): number | null {
  return NETWORK_RETRY_DELAYS_MS[attempt] ?? null;
}

/** What follows one attempt at sending a file. */
export type AttemptStep =
  | { kind: 'retry'; afterMs: number }
  /** `eventId`: where the server stored the clip, when it says. */
  | { kind: 'completed'; clipId: string; eventId?: string | null }
  /** `eventRejected`: the server refused the event, which then leaves the selection (docs/product/part-1.md §4). */
  | { kind: 'failed'; error: UploadError; eventRejected: boolean };

const failed = (error: UploadError): AttemptStep => ({
  kind: 'failed',
  error,
  eventRejected: error.code === 'EVENT_MATCHING_FAILED',
});

/**
 * A lost connection is tried again until the attempts are spent, then the file failed with
 * NETWORK_ERROR; a refusal fails it at once with the answer's error; the session's end fails it with
 * AUTHENTICATION_FAILED (what ends the session is the session policy's call, not this one's).
 */
export function afterAttempt(result: SendResult, attempt: number): AttemptStep {
  switch (result.kind) {
    case 'network': {
      const wait = delayBeforeAttempt(attempt + 1);
      return wait === null ? failed(uploadError('NETWORK_ERROR')) : { kind: 'retry', afterMs: wait };
    }
    case 'sessionEnded':
      return failed(uploadError('AUTHENTICATION_FAILED'));
    case 'completed':
      return { kind: 'completed', clipId: result.clipId, eventId: result.eventId };
    case 'refused':
      return failed(result.error);
  }
}

/** Pending, extracting metadata or uploading (docs/product/part-1.md §4): what the stored session keeps. */
export function incompleteFiles(files: readonly UploadFileItem[]): UploadFileItem[] {
  return files.filter((f) => isIncomplete(f.status));
}

/** Nothing left pending, extracting or uploading: the upload session is over (failed files stay listed). */
export function isUploadSessionOver(files: readonly UploadFileItem[]): boolean {
  return incompleteFiles(files).length === 0;
}

/** Something is on its way now: the leave-page warning and the wake lock are held. */
export function isBusy(files: readonly UploadFileItem[]): boolean {
  return files.some((f) => f.status === 'uploading' || f.status === 'extracting-metadata');
}

/**
 * Nothing is being sent and nothing is about to be: no file on its way, and none waiting in the queue (`queued`:
 * the files Upload Files or Retry put there). Files listed but not yet asked to be sent do not count.
 */
export function queueIsIdle(files: readonly UploadFileItem[], queued: ReadonlySet<string>): boolean {
  return !isBusy(files) && !files.some((f) => f.status === 'pending' && queued.has(f.id));
}

/** Files the page still holds that the list no longer shows (removed, or cleared by Clear All). */
export function droppedFiles(held: readonly string[], files: readonly UploadFileItem[]): string[] {
  const listed = new Set(files.map((f) => f.id));
  return held.filter((id) => !listed.has(id));
}

/**
 * Resuming without kept contents: each re-picked file that has the same name, size and last-modified
 * time as a file still waiting takes that file's place (each waiting file once). Returns the pairs.
 */
export function matchRepicked(
  waiting: readonly UploadFileItem[],
  picked: readonly PickedFile[],
): Array<{ waitingId: string; pickedId: string }> {
  const pairs: Array<{ waitingId: string; pickedId: string }> = [];
  for (const p of picked) {
    const twin = waiting.find(
      (w) =>
        !pairs.some((m) => m.waitingId === w.id) && w.name === p.name && w.size === p.size && w.lastModified === p.lastModified,
    );
    if (twin) pairs.push({ waitingId: twin.id, pickedId: p.id });
  }
  return pairs;
}

export type CompletedUploadTag = { type: 'Clip' | 'EventClips' | 'Event'; id: string };

/**
 * A new clip changes the user's clip list, the clips of its event (or the unassociated ones) and the
 * event's clip count: those cached answers are invalidated so every list showing them refetches.
 */
export function completedUploadTags(eventId: string | null): CompletedUploadTag[] {
  return [
    { type: 'Clip', id: 'LIST' },
    { type: 'EventClips', id: eventId ?? 'UNASSOCIATED' },
    ...(eventId ? [{ type: 'Event' as const, id: eventId }] : []),
  ];
}
