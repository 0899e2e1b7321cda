import type { UnknownAction } from '@reduxjs/toolkit';
import { call, fork, getContext, put, race, select, take, takeLeading } from 'redux-saga/effects';
import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import type { AppServices } from '../../../app/services';
import { apiOrigin } from '../../../app/config';
import { toApiFailure } from '../../../api/apiErrors';
import { signedOut } from '../../session/public';
import { runMutation, type MutationAnswer } from '../../../api/runMutation';
import { editorSessionApi, type EditorSession, type EditorSessionRequest } from '../api/editorSessionApi';
import { editorSessionErrorMessage } from './editorSessionMessages';
import { editingStartProblem } from './highlightLimits';
import {
  editingFailed,
  editingPageRestored,
  editingRequested,
  editorOpening,
  selectSelectedClipIds,
  selectSelectionEventId,
} from './highlightSelectionSlice';

/** Where the editor sends the user back (docs/editor.md): the highlights list of this app. */
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
 * Makes the editing session (POST /api/v1/editor-sessions, 10 s) and sends the whole page to the editor through the
 * injected redirect (docs/product/part-2.md §4 "Editing flow"), `opening` put just before. The editor returns to the
 * highlights list. Answers the failure's message (§8 "Editing session creation"), or null once the page is leaving.
 * Shared by Edit Highlight and 'Make my highlight'.
 */
export function* openEditor(
  session: Omit<EditorSessionRequest, 'returnUrl'>,
  opening: UnknownAction,
): SagaIterator<string | null> {
  const answer: MutationAnswer<EditorSession> = yield call(
    runMutation,
    editorSessionApi.endpoints.createEditorSession.initiate({
      ...session,
      returnUrl: `${appOrigin()}${HIGHLIGHTS_RETURN_PATH}`,
    }),
  );
  if ('error' in answer) {
    return editorSessionErrorMessage(toApiFailure(answer.error as Parameters<typeof toApiFailure>[0]));
  }
  const services: AppServices = yield getContext('services');
  yield put(opening);
  services.redirect(editorAddress(answer.data.editorUrl));
  return null;
}

/**
 * Edit Highlight / Create Highlight (docs/product/part-2.md §4 "Editing flow", §5, §8): the selection is checked, the
 * session is made, and the page goes to the editor (openEditor). A failure returns the button to idle with its
 * message. One start at a time (takeLeading).
 */
export function* startEditing(action: ReturnType<typeof editingRequested>): SagaIterator {
  const eventId: string | null = yield select(selectSelectionEventId);
  const clipIds: string[] = yield select(selectSelectedClipIds);
  const problem = editingStartProblem(action.payload.screen, eventId, clipIds);
  if (problem || !eventId) {
    yield put(editingFailed({ message: problem ?? '', kind: 'validation' }));
    return;
  }
  const failure: string | null = yield call(openEditor, { eventId, clipIds: [...clipIds] }, editorOpening());
  if (failure !== null) yield put(editingFailed({ message: failure, kind: 'start' }));
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
 * Back from the editor may restore this page from the back/forward cache: no screen remounts, so a button left
 * at 'redirecting' is reset with `restored`, or it would stay busy (and picks be ignored).
 */
export function* watchRestoredPage(restored: () => UnknownAction): SagaIterator {
  const channel: EventChannel<true> = yield call(restoredPageChannel);
  try {
    for (;;) {
      yield take(channel);
      yield put(restored());
    }
  } finally {
    channel.close();
  }
}

export function* startEditingSaga(): SagaIterator {
  yield fork(watchRestoredPage, editingPageRestored);
  yield takeLeading(editingRequested, startEditingUnlessSignedOut);
}
