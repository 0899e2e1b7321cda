import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, race, select, take } from 'redux-saga/effects';
import { pageLifecycleChannel, selectSignedInUserId, sessionStarted } from '../features/session/public';
import type * as TagOutbox from '../features/tags/tagOutboxSaga';
import type { InjectSaga } from './sagaInjector';

const importOutbox = () => import(/* webpackChunkName: "tag-outbox" */ '../features/tags/tagOutboxSaga');

/** The longest wait between two tries at loading the outbox's chunk. */
const MAX_RETRY_MS = 60_000;

/**
 * The outbox's chunk, tried again until it loads: after 2 s, doubling to a minute, or at once when the page wakes
 * or comes back online. Offline at start, giving up (as a saga's restarts would, within moments) left the kept tags
 * unsent until Tag Moments was opened or the page reloaded.
 */
function* loadOutbox(load: typeof importOutbox): SagaIterator<typeof TagOutbox> {
  const wakes = yield call(pageLifecycleChannel);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return (yield call(load)) as typeof TagOutbox;
      } catch (error) {
        console.warn('Tag outbox: its code could not be loaded; trying again', error);
        yield race([delay(Math.min(2_000 * 2 ** attempt, MAX_RETRY_MS)), take(wakes)]);
      }
    }
  } finally {
    wakes.close();
  }
}

/**
 * Tags kept by TAG NOW go out when the app is opened again, on whatever page (docs/product/part-2.md §4):
 * after sign-in the outbox saga loads in its own small chunk — not in every page's initial JS — and starts
 * under the name Tag Moments uses, so it runs once.
 */
export function* startTagOutbox(load = importOutbox): SagaIterator {
  if (!(yield select(selectSignedInUserId))) yield take(sessionStarted.type);
  const { TAG_OUTBOX_SAGA, tagOutboxSaga } = (yield call(loadOutbox, load)) as typeof TagOutbox;
  const store: { injectSaga?: InjectSaga } = yield getContext('store');
  store.injectSaga?.(TAG_OUTBOX_SAGA, tagOutboxSaga);
}
