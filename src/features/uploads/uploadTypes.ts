/** Upload entities (spec part 1 §3, §4 "Upload file status"). */
export type UploadStatus = 'pending' | 'extracting-metadata' | 'uploading' | 'completed' | 'failed';

export const INCOMPLETE_STATUSES: readonly UploadStatus[] = ['pending', 'extracting-metadata', 'uploading'];

export interface UploadError {
  code: string;
  message: string;
}

/** A file in the queue. The File itself lives in the file registry, keyed by `id` (state stays serializable). */
export interface UploadFileItem {
  id: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  status: UploadStatus;
  progress: number;
  metadata: { duration: number | null } | null;
  clipId: string | null;
  error: UploadError | null;
}

export function isIncomplete(status: UploadStatus): boolean {
  return INCOMPLETE_STATUSES.includes(status);
}
