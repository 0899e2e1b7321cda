import { createSlice } from '@reduxjs/toolkit';
import type { UploadFileItem } from './uploadTypes';

export interface UploadsState {
  sessionId: string | null;
  selectedEventId: string | null;
  files: UploadFileItem[];
}

const initialState: UploadsState = { sessionId: null, selectedEventId: null, files: [] };

const uploadsSlice = createSlice({
  name: 'uploads',
  initialState,
  reducers: {},
});

export const uploadsReducer = uploadsSlice.reducer;
