import type { EventChannel } from 'redux-saga';
import { dropAllFileContents, dropFileContents, keepFileContents, loadFileContents } from './uploadPersistence';
import { uploadChannel, type UploadOutcome, type UploadProgressListener, type UploadRequest } from './uploadTransfer';
import { readVideoDuration } from './videoMetadata';

/** The browser capabilities the upload saga uses; tests replace them (saga context 'uploads'). */
export interface UploadServices {
  readDuration(file: Blob): Promise<number | null>;
  /** The request's outcome on the channel; its progress to `onProgress`, each new whole percent once. */
  openUpload(request: UploadRequest, onProgress: UploadProgressListener): EventChannel<UploadOutcome>;
  keepFile(id: string, file: File): Promise<boolean>;
  loadFile(id: string): Promise<File | null>;
  dropFiles(ids: string[]): Promise<void>;
  /** Drops every kept file's contents except those listed. */
  dropAllFiles(except?: readonly string[]): Promise<void>;
  isOnline(): boolean;
}

export const browserUploadServices: UploadServices = {
  readDuration: readVideoDuration,
  openUpload: uploadChannel,
  keepFile: keepFileContents,
  loadFile: loadFileContents,
  dropFiles: dropFileContents,
  dropAllFiles: dropAllFileContents,
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
};
