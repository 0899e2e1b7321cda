import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/rootReducer';
import { signedOut } from '../../session/public';
import type { EditorSessionTrim } from '../api/editorSessionApi';
import type { LeftOutMoments } from './myMoments';

/**
 * 'Make my highlight': idle; loading the caller's moments and clips; when the plan left moments out,
 * confirming (the page says which, and waits for the user to go on or not); making the editing session; then the
 * page leaves for the editor. One run at a time, for one event; what stopped the last run stays until dismissed or
 * the next run.
 */
export type MakeMyHighlightPhase = 'idle' | 'loading' | 'confirming' | 'starting' | 'redirecting';

/** A plan that left moments out, held until the user goes on to the editor with it or cancels. */
export interface MakeMyHighlightPending {
  /** The editing session to make when the user goes on: the planned clips and their trims. */
  clipIds: string[];
  trims: EditorSessionTrim[];
  /** The venue's time zone (null: unknown), in which the left-out moments' times are shown. */
  timezone: string | null;
  leftOut: LeftOutMoments;
}

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
  /** While confirming, and on through the start it leads to. */
  pending: MakeMyHighlightPending | null;
}

const initialState: MakeMyHighlightState = { eventId: null, phase: 'idle', problem: null, pending: null };

const makeMyHighlightSlice = createSlice({
  name: 'makeMyHighlight',
  initialState,
  reducers: {
    /**
     * The button pressed: makeMyHighlightSaga loads, plans and opens the editor. A press during a run is ignored; one
     * while another event's plan waits for its answer (the page left for this one) replaces it.
     */
    makeMyHighlightRequested(state, { payload }: PayloadAction<{ eventId: string }>) {
      if (state.phase !== 'idle' && !(state.phase === 'confirming' && state.eventId !== payload.eventId)) return;
      return { eventId: payload.eventId, phase: 'loading', problem: null, pending: null };
    },
    /** The plan has clips but left moments out: the page says which and asks before leaving for the editor. */
    makeMyHighlightMomentsLeftOut(state, { payload }: PayloadAction<MakeMyHighlightPending>) {
      if (state.phase !== 'loading') return;
      state.phase = 'confirming';
      state.pending = payload;
    },
    /** Go on to the editor without the moments left out (makeMyHighlightSaga makes the session). */
    makeMyHighlightConfirmed(state) {
      if (state.phase === 'confirming') state.phase = 'starting';
    },
    /** Not without them: nothing is made. */
    makeMyHighlightCancelled(state) {
      if (state.phase !== 'confirming') return;
      state.phase = 'idle';
      state.pending = null;
    },
    /** The plan has clips: the editing session is being made. */
    makeMyHighlightStarting(state) {
      state.phase = 'starting';
    },
    makeMyHighlightStopped(state, { payload }: PayloadAction<MakeMyHighlightProblem>) {
      state.phase = 'idle';
      state.problem = payload;
      state.pending = null;
    },
    /** The session exists; the browser is on its way to the editor. */
    makeMyHighlightOpening(state) {
      state.phase = 'redirecting';
      state.pending = null;
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
    /**
     * A run holds the ways to the editor (this button on every event, Edit Highlight): loading, starting, leaving.
     * A plan waiting for its answer holds only its own event's button; its prompt is the way on.
     */
    selectMakeMyHighlightUnderWay: (state) =>
      state.phase === 'loading' || state.phase === 'starting' || state.phase === 'redirecting',
    /** This event's plan that left moments out, while it waits for the user's answer or its start runs. */
    selectMakeMyHighlightPending: (state, eventId: string) => (state.eventId === eventId ? state.pending : null),
    /** The problem of this event's last run, if any (another event's is not shown here). */
    selectMakeMyHighlightProblem: (state, eventId: string) => (state.eventId === eventId ? state.problem : null),
  },
});

export const {
  makeMyHighlightRequested,
  makeMyHighlightMomentsLeftOut,
  makeMyHighlightConfirmed,
  makeMyHighlightCancelled,
  makeMyHighlightStarting,
  makeMyHighlightStopped,
  makeMyHighlightOpening,
  makeMyHighlightPageRestored,
  makeMyHighlightDismissed,
} = makeMyHighlightSlice.actions;

declare module '../../../app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the RTK pattern for lazily injected slices
  export interface LazyLoadedSlices extends WithSlice<typeof makeMyHighlightSlice> {}
}

/** Joins the store when the button's chunk first loads. */
const injected = makeMyHighlightSlice.injectInto(rootReducer);

export const {
  selectMakeMyHighlightPhase,
  selectMakeMyHighlightEventId,
  selectMakeMyHighlightProblem,
  selectMakeMyHighlightUnderWay,
  selectMakeMyHighlightPending,
} = injected.selectors;
export { initialState as initialMakeMyHighlightState };
