import { KEEP_PACE_SAMPLE_MS, KEEP_WORTH_MS } from './uploadConstants';
import { isBusy } from './uploadQueuePolicy';
import type { UploadFileItem } from './uploadTypes';

/**
 * Which picked file's contents to copy into IndexedDB next (uploadSessionSaga.ts keepContents), of those not yet
 * copied. The copy is what lets a reload resume without picking the files again, and it competes with the
 * transfers for the disk and the browser's own threads, so it is made only where a reload would still need it,
 * waiting files first (docs/performance.md "Uploads"):
 * - a file still waiting its turn first, in the list's order: it is what a reload loses most surely;
 * - then a file on its way (reading its metadata or sending): until its transfer ends it still needs a copy;
 * - never a completed or failed file, nor one that left the list: no resume sends those again.
 */
export function nextToKeep(files: readonly UploadFileItem[], notYetKept: readonly string[]): string | null {
  const candidates = files.filter((f) => notYetKept.includes(f.id));
  const waiting = candidates.find((f) => f.status === 'pending');
  if (waiting) return waiting.id;
  const onItsWay = candidates.find((f) => f.status === 'extracting-metadata' || f.status === 'uploading');
  return onItsWay?.id ?? null;
}

/** Bytes the transfers have carried: whole completed files and the sent share of those under way. */
export function bytesSent(files: readonly UploadFileItem[]): number {
  return files.reduce(
    (sum, f) => sum + (f.status === 'completed' ? f.size : f.status === 'uploading' ? (f.size * f.progress) / 100 : 0),
    0,
  );
}

/** Bytes still to send: waiting files whole, and what is left of those under way. */
export function bytesLeft(files: readonly UploadFileItem[]): number {
  return files.reduce(
    (sum, f) =>
      sum +
      (f.status === 'pending' || f.status === 'extracting-metadata'
        ? f.size
        : f.status === 'uploading'
          ? (f.size * (100 - f.progress)) / 100
          : 0),
    0,
  );
}

/** What the transfers carried since copying started to watch them. */
export interface SendingPace {
  sentBytes: number;
  elapsedMs: number;
}

/**
 * Whether to copy a file now, while others may be sent (docs/performance.md "Uploads"). A copy reads and
 * writes the whole file on the device, which is what a fast transfer needs too, so copies slow the transfers down.
 * So while files are sent, a copy is made only where a
 * reload is a real risk: when the rest of the queue will take longer than KEEP_WORTH_MS at the pace measured over
 * at least KEEP_PACE_SAMPLE_MS — a phone on a mobile uplink, where the device's disk is idle anyway — or when
 * nothing moves at all (offline, stalled). A queue that ends sooner is not copied further: a reload in those
 * seconds asks for the same files again, matched by name, size and date (Resume's fallback).
 * Nothing sent: copy (the user is still choosing the event; nothing competes).
 */
export function copyWhileSending(files: readonly UploadFileItem[], pace: SendingPace): 'copy' | 'hold' {
  if (!isBusy(files)) return 'copy';
  if (pace.elapsedMs < KEEP_PACE_SAMPLE_MS) return 'hold';
  if (pace.sentBytes <= 0) return 'copy';
  const msLeft = bytesLeft(files) / (pace.sentBytes / pace.elapsedMs);
  return msLeft > KEEP_WORTH_MS ? 'copy' : 'hold';
}
