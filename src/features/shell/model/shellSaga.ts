import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, put, select, take, takeEvery } from 'redux-saga/effects';
import { isMobileViewport } from '../../../app/device';
import { readSidebarCookie, sidebarCookieString } from './sidebarCookie';
import { selectSidebarOpen, sidebarStateLoaded, sidebarToggled } from './shellSlice';

/**
 * Ctrl+B / Cmd+B, from anywhere in the app: the sidebar on a desktop layout, the panel on a mobile
 * one, decided by the layout's own rule (isMobileViewport), not by the kind of device.
 */
function toggleShortcutChannel(): EventChannel<{ mobile: boolean }> {
  return eventChannel((emit) => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'b') {
        e.preventDefault();
        emit({ mobile: isMobileViewport() });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

function* writeCookie(action: ReturnType<typeof sidebarToggled>): SagaIterator {
  if (action.payload.mobile) return;
  const open: boolean = yield select(selectSidebarOpen);
  document.cookie = sidebarCookieString(open, window.location.protocol === 'https:');
}

function* watchShortcut(): SagaIterator {
  const channel: EventChannel<{ mobile: boolean }> = yield call(toggleShortcutChannel);
  try {
    for (;;) {
      const { mobile }: { mobile: boolean } = yield take(channel);
      yield put(sidebarToggled({ mobile }));
    }
  } finally {
    channel.close();
  }
}

export function* shellSaga(): SagaIterator {
  const saved = readSidebarCookie(document.cookie);
  if (saved !== null) yield put(sidebarStateLoaded(saved));
  yield takeEvery(sidebarToggled.type, writeCookie);
  yield call(watchShortcut);
}
