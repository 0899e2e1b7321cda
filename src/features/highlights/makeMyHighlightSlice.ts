import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/rootReducer';
import { signedOut } from '../session/public';

/**
 * 'Make my highlight' (issue 13): idle; loading the caller's moments and clips; making the editing session; then the
 * page leaves for the editor. One run at a time, for one event; what stopped the last run stays until dismissed or
 * the next run.
 */
export type MakeMyHighlightPhase = 'idle' | 'loading' | 'starting' | 'redirecting';

/**
 * Why no editor opened: no moments tagged at the event, moments but no clip for any of them (both say what to do
 * next), or a failure with its message.
 */
export type MakeMyHighlightProblem = { kind: 'noTags' } | { kind: 'noClips' } | { kind: 'failed'; message: string };

export interface MakeMyHighlightState {
  /** The event of the run under way or of the problem shown. */
  eventId: string | null;
  phase: MakeMyHighlightPhase;
  problem: MakeMyHighlightProblem | null;
}

const initialState: MakeMyHighlightState = { eventId: null, phase: 'idle', problem: null };

const makeMyHighlightSlice = createSlice({
  name: 'makeMyHighlight',
  initialState,
  reducers: {
    /** The button pressed: makeMyHighlightSaga loads, plans and opens the editor. A press during a run is ignored. */
    makeMyHighlightRequested(state, { payload }: PayloadAction<{ eventId: string }>) {
      if (state.phase !== 'idle') return;
      return { eventId: payload.eventId, phase: 'loading', problem: null };
    },
    /** The plan has clips: the editing session is being made. */
    makeMyHighlightStarting(state) {
      state.phase = 'starting';
    },
    makeMyHighlightStopped(state, { payload }: PayloadAction<MakeMyHighlightProblem>) {
      state.phase = 'idle';
      state.problem = payload;
    },
    /** The session exists; the browser is on its way to the editor. */
    makeMyHighlightOpening(state) {
      state.phase = 'redirecting';
    },
    /** Back from the editor through the back/forward cache: nothing remounts, so the button is freed here. */
    makeMyHighlightPageRestored(state) {
      if (state.phase === 'redirecting') state.phase = 'idle';
    },
    makeMyHighlightDismissed(state) {
      state.problem = null;
    },
  },
  // Another user of a shared device sees nothing of the previous one's run.
  extraReducers: (builder) => builder.addCase(signedOut, () => initialState),
  selectors: {
    selectMakeMyHighlightPhase: (state) => state.phase,
    selectMakeMyHighlightEventId: (state) => state.eventId,
    /** The problem of this event's last run, if any (another event's is not shown here). */
    selectMakeMyHighlightProblem: (state, eventId: string) => (state.eventId === eventId ? state.problem : null),
  },
});

export const {
  makeMyHighlightRequested,
  makeMyHighlightStarting,
  makeMyHighlightStopped,
  makeMyHighlightOpening,
  makeMyHighlightPageRestored,
  makeMyHighlightDismissed,
} = makeMyHighlightSlice.actions;

declare module '../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the RTK pattern for lazily injected slices
  export interface LazyLoadedSlices extends WithSlice<typeof makeMyHighlightSlice> {}
}

/** Joins the store when the button's chunk first loads. */
const injected = makeMyHighlightSlice.injectInto(rootReducer);

export const { selectMakeMyHighlightPhase, selectMakeMyHighlightEventId, selectMakeMyHighlightProblem } = injected.selectors;
export { initialState as initialMakeMyHighlightState };
