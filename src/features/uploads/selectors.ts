import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { isIncomplete } from './uploadTypes';

export const selectUploadFiles = (state: RootState) => state.uploads.files;

/** Files still on their way (pending, extracting metadata or uploading): the bottom bar's badge. */
export const selectActiveUploadCount = createSelector(
  [selectUploadFiles],
  (files) => files.filter((f) => isIncomplete(f.status)).length,
);
