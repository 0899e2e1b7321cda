/** Upload entities (docs/product/part-1.md §3, §4 "Upload file status"). */
export type UploadStatus = 'pending' | 'extracting-metadata' | 'uploading' | 'completed' | 'failed';

export const INCOMPLETE_STATUSES: readonly UploadStatus[] = ['pending', 'extracting-metadata', 'uploading'];

export interface UploadError {
  code: string;
  message: string;
}

/** What the app knows of a picked file; the File itself lives in the file registry under `id`. */
export interface PickedFile {
  id: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

/** A file in the queue (serializable: no File object in the store). */
export interface UploadFileItem extends PickedFile {
  status: UploadStatus;
  progress: number;
  metadata: { duration: number | null } | null;
  clipId: string | null;
  error: UploadError | null;
}

export function isIncomplete(status: UploadStatus): boolean {
  return INCOMPLETE_STATUSES.includes(status);
}
