import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/rootReducer';
import type { EventSummary } from '../../events/public';
import { sessionAbsent, sessionStarted, signedOut } from '../../session/public';
import type { PickedFile, UploadError, UploadFileItem } from './uploadTypes';

/** A saved upload session found at start that still has incomplete files ('Resume Upload?'). */
export interface ResumeOffer {
  sessionId: string;
  selectedEvent: EventSummary | null;
  files: UploadFileItem[];
  /** The files' contents were kept in the browser (IndexedDB): resuming needs no re-picking. */
  filesKept: boolean;
}

export interface UploadsState {
  /** Whose uploads these are (the signed-in user's id); everything here is theirs only. */
  ownerId: string | null;
  sessionId: string | null;
  selectedEvent: EventSummary | null;
  files: UploadFileItem[];
  createdAt: number | null;
  lastActivity: number | null;
  resumeOffer: ResumeOffer | null;
  /** Resuming without kept files: these still have to be picked again (matched by name, size, date). */
  awaitingRepick: string[];
  /** The whole selection was refused: messages joined per file name. */
  selectionError: string | null;
  /** 'Problem uploading with this event…' after the server refused the event. */
  eventError: string | null;
}

export const initialUploadsState: UploadsState = {
  ownerId: null,
  sessionId: null,
  selectedEvent: null,
  files: [],
  createdAt: null,
  lastActivity: null,
  resumeOffer: null,
  awaitingRepick: [],
  selectionError: null,
  eventError: null,
};

function file(state: UploadsState, id: string): UploadFileItem | undefined {
  return state.files.find((f) => f.id === id);
}

const uploadsSlice = createSlice({
  name: 'uploads',
  initialState: initialUploadsState,
  reducers: {
    // ── from the screen ──
    uploadEventSelected(state, action: PayloadAction<EventSummary | null>) {
      state.selectedEvent = action.payload;
      state.eventError = null;
    },
    /** Files picked in the file input (already in the file registry under their ids). */
    filesPicked(_state, _action: PayloadAction<PickedFile[]>) {},
    fileRemoved(state, action: PayloadAction<string>) {
      const f = file(state, action.payload);
      if (f && f.status !== 'uploading') state.files = state.files.filter((x) => x.id !== action.payload);
    },
    allCleared(state) {
      state.files = state.files.filter((f) => f.status === 'uploading');
      state.selectionError = null;
    },
    uploadRequested() {},
    fileRetryRequested(state, action: PayloadAction<string>) {
      const f = file(state, action.payload);
      if (f?.status === 'failed') Object.assign(f, { status: 'pending', progress: 0, error: null });
    },
    uploadCancelRequested(_state, _action: PayloadAction<string>) {},
    selectionErrorDismissed(state) {
      state.selectionError = null;
    },
    eventErrorDismissed(state) {
      state.eventError = null;
    },
    resumeAccepted() {},
    startFreshChosen() {},
    resumeDismissed(state) {
      state.resumeOffer = null;
    },

    // ── from the upload saga ──
    uploadSessionStarted(state, action: PayloadAction<{ sessionId: string; at: number }>) {
      state.sessionId = action.payload.sessionId;
      state.createdAt = action.payload.at;
      state.lastActivity = action.payload.at;
    },
    uploadSessionRestored(
      state,
      action: PayloadAction<{
        sessionId: string;
        createdAt: number;
        selectedEvent: EventSummary | null;
        files: UploadFileItem[];
        awaitingRepick: string[];
      }>,
    ) {
      const { sessionId, createdAt, selectedEvent, files, awaitingRepick } = action.payload;
      Object.assign(state, { sessionId, createdAt, selectedEvent, files, awaitingRepick, resumeOffer: null });
    },
    /** Nothing is left to upload: the stored session ends; the list stays on screen. */
    uploadSessionCleared(state) {
      state.sessionId = null;
      state.createdAt = null;
      state.awaitingRepick = [];
    },
    resumeOffered(state, action: PayloadAction<ResumeOffer>) {
      state.resumeOffer = action.payload;
    },
    repickMatched(state, action: PayloadAction<string[]>) {
      state.awaitingRepick = state.awaitingRepick.filter((id) => !action.payload.includes(id));
    },
    filesAccepted(state, action: PayloadAction<{ files: PickedFile[]; at: number }>) {
      state.selectionError = null;
      state.lastActivity = action.payload.at;
      for (const f of action.payload.files) {
        state.files.push({ ...f, status: 'pending', progress: 0, metadata: null, clipId: null, error: null });
      }
    },
    selectionRejected(state, action: PayloadAction<string>) {
      state.selectionError = action.payload;
    },
    metadataExtractionStarted(state, action: PayloadAction<string>) {
      const f = file(state, action.payload);
      if (f) f.status = 'extracting-metadata';
    },
    metadataExtracted(state, action: PayloadAction<{ id: string; duration: number | null }>) {
      const f = file(state, action.payload.id);
      if (f) f.metadata = { duration: action.payload.duration };
    },
    fileUploadStarted(state, action: PayloadAction<{ id: string; at: number }>) {
      const f = file(state, action.payload.id);
      if (f) Object.assign(f, { status: 'uploading', progress: 0, error: null });
      state.lastActivity = action.payload.at;
    },
    /** The progress of the transfers under way, by file id (uploadProgress.ts gathers them). */
    filesProgressed(state, action: PayloadAction<Record<string, number>>) {
      for (const [id, progress] of Object.entries(action.payload)) {
        const f = file(state, id);
        if (f && f.status === 'uploading') f.progress = Math.max(f.progress, Math.min(99, Math.round(progress)));
      }
    },
    fileUploadCompleted(state, action: PayloadAction<{ id: string; clipId: string; at: number }>) {
      const f = file(state, action.payload.id);
      if (f) Object.assign(f, { status: 'completed', progress: 100, clipId: action.payload.clipId, error: null });
      state.lastActivity = action.payload.at;
    },
    fileUploadFailed(state, action: PayloadAction<{ id: string; error: UploadError; at: number }>) {
      const f = file(state, action.payload.id);
      if (f) Object.assign(f, { status: 'failed', error: action.payload.error });
      state.lastActivity = action.payload.at;
    },
    /** The server refused the event: it leaves the selection (docs/product/part-1.md §4, §8). */
    uploadEventRejected(state, action: PayloadAction<string>) {
      state.selectedEvent = null;
      state.eventError = action.payload;
    },
  },
  // A user's uploads live and die with their sign-in (src/app/userData.ts).
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (state, action) => {
        const userId = action.payload.record.user.id;
        if (state.ownerId === userId) return;
        // Another user's session: nothing of the previous one stays in memory.
        return { ...initialUploadsState, ownerId: userId };
      })
      .addCase(signedOut, () => initialUploadsState)
      .addCase(sessionAbsent, () => initialUploadsState);
  },
});

export const {
  uploadEventSelected,
  filesPicked,
  fileRemoved,
  allCleared,
  uploadRequested,
  fileRetryRequested,
  uploadCancelRequested,
  selectionErrorDismissed,
  eventErrorDismissed,
  resumeAccepted,
  startFreshChosen,
  resumeDismissed,
  uploadSessionStarted,
  uploadSessionRestored,
  uploadSessionCleared,
  resumeOffered,
  repickMatched,
  filesAccepted,
  selectionRejected,
  metadataExtractionStarted,
  metadataExtracted,
  fileUploadStarted,
  filesProgressed,
  fileUploadCompleted,
  fileUploadFailed,
  uploadEventRejected,
} = uploadsSlice.actions;

export const uploadsReducer = uploadsSlice.reducer;

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the RTK pattern for lazily injected slices
  export interface LazyLoadedSlices extends WithSlice<typeof uploadsSlice> {}
}

/**
 * Joins the store with the first module that reads or changes the uploads (the shell's badge, the Upload Clips
 * screen, the upload queue), not with every page's initial JS (docs/performance.md "Initial JS"). Until then its
 * state is the initial one: a user's uploads are made only by those modules.
 */
export const injectedUploadsSlice = uploadsSlice.injectInto(rootReducer);
