import type { UploadFileItem } from './uploadTypes';

/**
 * Which picked file's contents to copy into IndexedDB next (uploadSessionSaga.ts keepContents), of those not yet
 * copied. The copy is what lets a reload resume without picking the files again, and it competes with the
 * transfers for the disk and the browser's own threads, so it is made only where a reload would still need it,
 * waiting files first (issue 14; docs/performance.md "Uploads"):
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
