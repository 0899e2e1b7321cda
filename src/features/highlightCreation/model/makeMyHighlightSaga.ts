import { all, call, cancelled, fork, put, race, select, take, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { RootState } from '../../../app/rootReducer';
import { signedOut } from '../../session/public';
import type { Tag } from '../../../domain/tag';
import type { EditorSessionTrim } from '../api/editorSessionApi';
import { highlightCreationApi, type HighlightClipsPage, type HighlightTagsPage } from '../api/highlightCreationApi';
import { loadedTags } from './highlightCreationModel';
import { CLIPS_LOAD_FAILED, TAGS_LOAD_FAILED } from './makeMyHighlightMessages';
import {
  makeMyHighlightConfirmed,
  makeMyHighlightMomentsLeftOut,
  makeMyHighlightOpening,
  makeMyHighlightPageRestored,
  makeMyHighlightRequested,
  makeMyHighlightStarting,
  makeMyHighlightStopped,
  selectMakeMyHighlightEventId,
  selectMakeMyHighlightPending,
  selectMakeMyHighlightPhase,
  type MakeMyHighlightPending,
} from './makeMyHighlightSlice';
import { leftOutCount, leftOutMoments, momentCandidates, planMyHighlight, type PlannedClip } from './myMoments';
import { openEditor, watchRestoredPage } from './startEditingSaga';

type QueryAnswer<T> = { data: T } | { error: unknown };

/** What dispatching a query's `initiate` gives back (RTK Query): the answer, and the subscription it holds. */
interface QueryRequest<T> extends PromiseLike<{ data?: T; error?: unknown; isError: boolean }> {
  unsubscribe(): void;
  abort(): void;
}

/**
 * Runs an RTK Query query from a saga: dispatch `endpoint.initiate(arg)` (answered from the cache when a screen
 * already loaded it, else fetched), wait for the answer, then let go of the subscription so the entry expires as
 * usual. Cancelling the saga (a sign-out) aborts the request.
 */
function* runQuery<T>(action: unknown): SagaIterator<QueryAnswer<T>> {
  const request: QueryRequest<T> = yield put(action as never);
  try {
    const result: Awaited<QueryRequest<T>> = yield call(() => request);
    return result.isError || result.data === undefined ? { error: result.error } : { data: result.data };
  } finally {
    if ((yield cancelled()) as boolean) request.abort();
    request.unsubscribe();
  }
}

/** The trims the server takes (docs/api.md "Editor sessions": `trims`): only the clips whose piece is known. */
export function sessionTrims(clips: readonly PlannedClip[]): EditorSessionTrim[] {
  return clips.flatMap(({ clipId, trim }) => (trim ? [{ clipId, ...trim }] : []));
}

/**
 * The editing session of the planned clips, each trimmed around its moments (openEditor, as Edit Highlight does);
 * a failure stops the run with its message.
 */
function* openPlanned(eventId: string, clipIds: string[], trims: EditorSessionTrim[]): SagaIterator {
  const failure: string | null = yield call(
    openEditor,
    { eventId, clipIds, ...(trims.length > 0 ? { trims } : {}) },
    makeMyHighlightOpening(),
  );
  if (failure !== null) yield put(makeMyHighlightStopped({ kind: 'failed', message: failure }));
}

/**
 * 'Make my highlight': the caller's tags at the event with every user's clips under them (GET /tags/event,
 * as Highlight creation loads them) and the caller's clips there (GET /clips/event, the first page), the plan
 * (myMoments.ts), then the editor opened with those clips (openPlanned). No tags, or no clip for any of them, stops
 * with what to do instead. A plan that left moments out (no clip near them, or past the 20 clips) waits instead: the
 * page names them, and the editor opens only when the user goes on (confirmMakeMyHighlight).
 */
export function* makeMyHighlight(action: ReturnType<typeof makeMyHighlightRequested>): SagaIterator {
  const { eventId } = action.payload;
  // The press the slice accepted (not one made while the page was already leaving for the editor).
  const phase: string = yield select(selectMakeMyHighlightPhase);
  const runningFor: string | null = yield select(selectMakeMyHighlightEventId);
  if (phase !== 'loading' || runningFor !== eventId) return;

  const { getHighlightTags, getHighlightClips } = highlightCreationApi.endpoints;
  const mineArg = { eventId, allUsers: false };
  // An entry whose last fetch failed (the screen's refetch after a sent tag or an upload) keeps its earlier answer,
  // and `initiate` answers from it without asking again: it is asked again, else the run reports the old failure.
  const tagsFailed: boolean = yield select((state: RootState) => getHighlightTags.select(eventId)(state).isError);
  const mineFailed: boolean = yield select((state: RootState) => getHighlightClips.select(mineArg)(state).isError);
  const [tagsAnswer, mine]: [QueryAnswer<{ pages: HighlightTagsPage[] }>, QueryAnswer<{ pages: HighlightClipsPage[] }>] =
    yield all([
      call(runQuery, getHighlightTags.initiate(eventId, { forceRefetch: tagsFailed })),
      call(runQuery, getHighlightClips.initiate(mineArg, { forceRefetch: mineFailed })),
    ]);
  if ('error' in tagsAnswer) {
    yield put(makeMyHighlightStopped({ kind: 'failed', message: TAGS_LOAD_FAILED }));
    return;
  }
  // The pages the screen has loaded (the first 200 tags, and any later page it asked for as it was scrolled).
  const tags: readonly Tag[] = loadedTags(tagsAnswer.data.pages);
  if (tags.length === 0) {
    yield put(makeMyHighlightStopped({ kind: 'noTags' }));
    return;
  }
  if ('error' in mine) {
    yield put(makeMyHighlightStopped({ kind: 'failed', message: CLIPS_LOAD_FAILED }));
    return;
  }
  const myClipIds = new Set(mine.data.pages.flatMap((page) => page.clips.map((clip) => clip.id)));
  const candidates = momentCandidates(tags, myClipIds);
  const plan = planMyHighlight(candidates.tags, candidates.clips);
  if (plan.clips.length === 0) {
    yield put(makeMyHighlightStopped({ kind: 'noClips' }));
    return;
  }

  const clipIds = plan.clips.map((clip) => clip.clipId);
  const trims = sessionTrims(plan.clips);
  const leftOut = leftOutMoments(candidates.tags, plan);
  if (leftOutCount(leftOut) > 0) {
    const timezone = tags[0]?.event.timezone ?? null;
    yield put(makeMyHighlightMomentsLeftOut({ clipIds, trims, timezone, leftOut }));
    return;
  }
  yield put(makeMyHighlightStarting());
  yield call(openPlanned, eventId, clipIds, trims);
}

/** 'Open the editor' on a plan that left moments out: the session of the clips it has. */
export function* confirmMakeMyHighlight(): SagaIterator {
  const phase: string = yield select(selectMakeMyHighlightPhase);
  const eventId: string | null = yield select(selectMakeMyHighlightEventId);
  if (phase !== 'starting' || eventId === null) return;
  const pending: MakeMyHighlightPending | null = yield select(selectMakeMyHighlightPending, eventId);
  if (!pending) return;
  yield call(openPlanned, eventId, pending.clipIds, pending.trims);
}

/** A sign-out during a run (a refused token) drops it: nothing is reported afterwards. */
function* makeMyHighlightUnlessSignedOut(action: ReturnType<typeof makeMyHighlightRequested>): SagaIterator {
  yield race({ run: call(makeMyHighlight, action), end: take(signedOut) });
}

function* confirmUnlessSignedOut(): SagaIterator {
  yield race({ run: call(confirmMakeMyHighlight), end: take(signedOut) });
}

/** Started when the button first mounts (useInjectedSaga). One run at a time. */
export function* makeMyHighlightSaga(): SagaIterator {
  yield fork(watchRestoredPage, makeMyHighlightPageRestored);
  yield takeLeading(makeMyHighlightRequested, makeMyHighlightUnlessSignedOut);
  yield takeLeading(makeMyHighlightConfirmed, confirmUnlessSignedOut);
}
