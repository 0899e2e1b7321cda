import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer';
import { isBusy } from './uploadQueuePolicy';
import { isIncomplete } from './uploadTypes';
import { injectedUploadsSlice } from './uploadsSlice';

export const selectUploads = (state: RootState) => injectedUploadsSlice.selectSlice(state);
export const selectUploadFiles = (state: RootState) => selectUploads(state).files;
export const selectSelectedUploadEvent = (state: RootState) => selectUploads(state).selectedEvent;
export const selectResumeOffer = (state: RootState) => selectUploads(state).resumeOffer;
export const selectSelectionError = (state: RootState) => selectUploads(state).selectionError;
export const selectUploadEventError = (state: RootState) => selectUploads(state).eventError;
export const selectAwaitingRepick = (state: RootState) => selectUploads(state).awaitingRepick;

/** Names of the files a resumed session still needs picked again (where the browser kept no copy). */
export const selectFilesToRepick = createSelector([selectAwaitingRepick, selectUploadFiles], (awaiting, files) =>
  awaiting.map((id) => files.find((f) => f.id === id)?.name).filter((n): n is string => Boolean(n)),
);

/** Files still on their way (pending, extracting metadata or uploading): the bottom bar's badge. */
export const selectActiveUploadCount = createSelector(
  [selectUploadFiles],
  (files) => files.filter((f) => isIncomplete(f.status)).length,
);

export const selectHasPendingFiles = createSelector([selectUploadFiles], (files) => files.some((f) => f.status === 'pending'));

export const selectIsUploading = createSelector([selectUploadFiles], isBusy);

/** Upload Summary: counts by status and the overall progress (by bytes). */
export const selectUploadSummary = createSelector([selectUploadFiles], (files) => {
  const count = (s: string) => files.filter((f) => f.status === s).length;
  const bytes = files.reduce((t, f) => t + f.size, 0);
  const done = files.reduce((t, f) => t + (f.size * f.progress) / 100, 0);
  return {
    total: files.length,
    pending: count('pending'),
    uploading: count('uploading') + count('extracting-metadata'),
    completed: count('completed'),
    failed: count('failed'),
    totalBytes: bytes,
    progress: bytes > 0 ? Math.round((done / bytes) * 100) : 0,
  };
});
