import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/rootReducer';
import { signedOut } from '../../session/public';
import { MAX_HIGHLIGHT_CLIPS, TOO_MANY_CLIPS } from '../../../app/product';
import { canAddClip, type EditingScreen } from './highlightLimits';

/**
 * Start-editing button (docs/product/part-2.md §4): idle, then 'Starting Editor...' / 'Creating Highlight...' while
 * the session is made ('starting'), then the page leaves for the editor ('redirecting'); a failure returns to idle
 * with its message. Back from the editor through the back/forward cache returns it to idle (editingPageRestored).
 */
export type EditingPhase = 'idle' | 'starting' | 'redirecting';

export interface HighlightSelectionState {
  /** The screen and event the selection belongs to; another screen or event starts afresh. */
  screen: EditingScreen | null;
  eventId: string | null;
  /** The selected clips' ids, in the order they were picked (the editor shows them in this order). */
  clipIds: string[];
  phase: EditingPhase;
  /** Why starting the editor failed, or why the last pick was refused (the 20 cap); null when all is well. */
  error: string | null;
  /** 'validation': the selection was refused before any call (§5); 'start': making the session failed (§8). */
  errorKind: HighlightErrorKind | null;
}

export type HighlightErrorKind = 'validation' | 'start';

const initialState: HighlightSelectionState = {
  screen: null,
  eventId: null,
  clipIds: [],
  phase: 'idle',
  error: null,
  errorKind: null,
};

export interface ClipToggle {
  clipId: string;
  /** The creation screen refuses a 21st clip; the selection screen lets it be picked and says so on its button. */
  capped: boolean;
}

/** Clip selection for a highlight, as ids (§2 "Clip selection", "Highlight creation"): cards select by id. */
const highlightSelectionSlice = createSlice({
  name: 'highlightSelection',
  initialState,
  reducers: {
    /** A selection screen opened for an event: its selection is kept when it is the same screen and event. */
    highlightSelectionOpened(state, { payload }: PayloadAction<{ screen: EditingScreen; eventId: string }>) {
      if (state.screen === payload.screen && state.eventId === payload.eventId && state.phase !== 'redirecting') {
        state.error = null;
        state.errorKind = null;
        return;
      }
      return { ...initialState, screen: payload.screen, eventId: payload.eventId };
    },
    clipToggled(state, { payload }: PayloadAction<ClipToggle>) {
      if (state.phase !== 'idle') return;
      const at = state.clipIds.indexOf(payload.clipId);
      if (at >= 0) {
        state.clipIds.splice(at, 1);
        if (state.error === TOO_MANY_CLIPS) {
          state.error = null;
          state.errorKind = null;
        }
        return;
      }
      if (payload.capped && !canAddClip(state.clipIds.length)) {
        state.error = TOO_MANY_CLIPS;
        state.errorKind = 'validation';
        return;
      }
      state.clipIds.push(payload.clipId);
    },
    /**
     * 'Select my moments': the clips of the caller's moments replace the selection, at most 20 (§9). With
     * nothing to select, the selection stays and `problem` says why.
     */
    selectionReplaced(state, { payload }: PayloadAction<{ clipIds: string[]; problem: string | null }>) {
      if (state.phase !== 'idle') return;
      if (payload.problem === null) state.clipIds = [...new Set(payload.clipIds)].slice(0, MAX_HIGHLIGHT_CLIPS);
      state.error = payload.problem;
      state.errorKind = payload.problem === null ? null : 'validation';
    },
    selectionCleared(state) {
      if (state.phase !== 'idle') return;
      state.clipIds = [];
      state.error = null;
      state.errorKind = null;
    },
    highlightErrorDismissed(state) {
      state.error = null;
      state.errorKind = null;
    },
    /** Edit Highlight / Create Highlight pressed: startEditingSaga validates, makes the session and leaves. */
    editingRequested(state, _action: PayloadAction<{ screen: EditingScreen }>) {
      state.phase = 'starting';
      state.error = null;
      state.errorKind = null;
    },
    editingFailed(state, { payload }: PayloadAction<{ message: string; kind: HighlightErrorKind }>) {
      state.phase = 'idle';
      state.error = payload.message;
      state.errorKind = payload.kind;
    },
    /** The session exists; the browser is on its way to the editor. */
    editorOpening(state) {
      state.phase = 'redirecting';
    },
    /**
     * The page came back from the back/forward cache (Back from the editor): nothing remounts, so the button would stay
     * busy and picks ignored. A start still under way ('starting') is left to finish or fail on its own.
     */
    editingPageRestored(state) {
      if (state.phase === 'redirecting') state.phase = 'idle';
    },
  },
  // Another user of a shared device does not inherit a selection.
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
  selectors: {
    selectSelectedClipIds: (state) => state.clipIds,
    selectSelectedCount: (state) => state.clipIds.length,
    /** Per card: a card re-renders only when its own answer changes. */
    selectIsClipSelected: (state, clipId: string) => state.clipIds.includes(clipId),
    selectEditingPhase: (state) => state.phase,
    selectHighlightError: (state) => state.error,
    selectHighlightErrorKind: (state) => state.errorKind,
    selectSelectionEventId: (state) => state.eventId,
  },
});

export const {
  highlightSelectionOpened,
  clipToggled,
  selectionReplaced,
  selectionCleared,
  highlightErrorDismissed,
  editingRequested,
  editingFailed,
  editorOpening,
  editingPageRestored,
} = highlightSelectionSlice.actions;

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the RTK pattern for lazily injected slices
  export interface LazyLoadedSlices extends WithSlice<typeof highlightSelectionSlice> {}
}

/** Joins the store when a highlight selection screen first loads. */
const injected = highlightSelectionSlice.injectInto(rootReducer);

export const {
  selectSelectedClipIds,
  selectSelectedCount,
  selectIsClipSelected,
  selectEditingPhase,
  selectHighlightError,
  selectHighlightErrorKind,
  selectSelectionEventId,
} = injected.selectors;
export { initialState as initialHighlightSelectionState };
