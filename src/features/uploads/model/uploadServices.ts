import type { EventChannel } from 'redux-saga';
import {
  claimStoredSession,
  dropAllFileContents,
  dropFileContents,
  keepFileContents,
  loadFileContents,
  type ReleaseStoredSession,
} from './uploadPersistence';
import {
  uploadChannel,
  type UploadActivityListener,
  type UploadOutcome,
  type UploadProgressListener,
  type UploadRequest,
} from './uploadTransfer';
import { readVideoDuration } from './videoMetadata';

/** The browser capabilities the upload saga uses; tests replace them (saga context 'uploads'). */
export interface UploadServices {
  readDuration(file: Blob): Promise<number | null>;
  /**
   * The request's outcome on the channel; its progress to `onProgress`, each new whole percent once, and every
   * report that it moved to `onActivity`.
   */
  openUpload(
    request: UploadRequest,
    onProgress: UploadProgressListener,
    onActivity: UploadActivityListener,
  ): EventChannel<UploadOutcome>;
  keepFile(id: string, file: File): Promise<boolean>;
  loadFile(id: string): Promise<File | null>;
  dropFiles(ids: string[]): Promise<void>;
  /** Drops every kept file's contents except those listed. */
  dropAllFiles(except?: readonly string[]): Promise<void>;
  isOnline(): boolean;
  /** This tab's hold on the stored upload session: the release, or null while another open tab holds it. */
  claimStoredSession(): Promise<ReleaseStoredSession | null>;
}

export const browserUploadServices: UploadServices = {
  readDuration: readVideoDuration,
  openUpload: uploadChannel,
  keepFile: keepFileContents,
  loadFile: loadFileContents,
  dropFiles: dropFileContents,
  dropAllFiles: dropAllFileContents,
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
  claimStoredSession,
};
