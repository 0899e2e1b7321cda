import { call, fork, getContext, put, race, select, take, takeLeading } from 'redux-saga/effects';
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import type { AppServices } from '../../app/services';
import { apiOrigin } from '../../app/config';
import { toApiFailure } from '../../api/apiErrors';
import { signedOut } from '../session/public';
import { runMutation, type MutationAnswer } from '../../api/runMutation';
import { editorSessionApi, type EditorSession } from './editorSessionApi';
import { editorSessionErrorMessage } from './editorSessionErrors';
import { editingStartProblem } from './highlightLimits';
import {
  editingFailed,
  editingPageRestored,
  editingRequested,
  editorOpening,
  selectSelectedClipIds,
  selectSelectionEventId,
} from './highlightSelectionSlice';

/** Where the editor sends the user back (issue 12 contract): the highlights list of this app. */
export const HIGHLIGHTS_RETURN_PATH = '/highlights/view';

/** The app's own origin, where the editor returns to (the browser's; tests run at jsdom's). */
export function appOrigin(): string {
  return window.location.origin;
}

/** The editor's address as the browser should open it: the API host serves the editor (§4 "Editing flow"). */
export function editorAddress(editorUrl: string, origin: string = apiOrigin()): string {
  return new URL(editorUrl, origin).toString();
}

/**
 * Edit Highlight / Create Highlight (docs/product/part-2.md §4 "Editing flow", §5, §8): the selection is checked, the
 * session is made (POST /api/v1/editor-sessions, 10 s), and the whole page goes to the editor through the injected
 * redirect. A failure returns the button to idle with its message. One start at a time (takeLeading).
 */
export function* startEditing(action: ReturnType<typeof editingRequested>): SagaIterator {
  const eventId: string | null = yield select(selectSelectionEventId);
  const clipIds: string[] = yield select(selectSelectedClipIds);
  const problem = editingStartProblem(action.payload.screen, eventId, clipIds);
  if (problem || !eventId) {
    yield put(editingFailed({ message: problem ?? '', kind: 'validation' }));
    return;
  }
  const answer: MutationAnswer<EditorSession> = yield call(
    runMutation,
    editorSessionApi.endpoints.createEditorSession.initiate({
      eventId,
      clipIds: [...clipIds],
      returnUrl: `${appOrigin()}${HIGHLIGHTS_RETURN_PATH}`,
    }),
  );
  if ('error' in answer) {
    const failure = toApiFailure(answer.error as Parameters<typeof toApiFailure>[0]);
    yield put(editingFailed({ message: editorSessionErrorMessage(failure), kind: 'start' }));
    return;
  }
  const services: AppServices = yield getContext('services');
  yield put(editorOpening());
  services.redirect(editorAddress(answer.data.editorUrl));
}

/** A sign-out while the session is being made (a refused token) drops the start: nothing is reported afterwards. */
function* startEditingUnlessSignedOut(action: ReturnType<typeof editingRequested>): SagaIterator {
  yield race({ run: call(startEditing, action), end: take(signedOut) });
}

/** Pages the browser shows again from its back/forward cache (`pageshow` with `persisted`). */
export function restoredPageChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const onPageShow = (event: Event) => {
      if ((event as PageTransitionEvent).persisted) emit(true);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  });
}

/**
 * Back from the editor may restore this page from the back/forward cache: no screen remounts, so the phase left at
 * 'redirecting' is reset here, or Edit Highlight / Create Highlight would stay busy and picks be ignored.
 */
function* watchRestoredPage(): SagaIterator {
  const channel: EventChannel<true> = yield call(restoredPageChannel);
  try {
    for (;;) {
      yield take(channel);
      yield put(editingPageRestored());
    }
  } finally {
    channel.close();
  }
}

export function* startEditingSaga(): SagaIterator {
  yield fork(watchRestoredPage);
  yield takeLeading(editingRequested, startEditingUnlessSignedOut);
}
