import type { SagaIterator } from 'redux-saga';
import { call, getContext, select, take } from 'redux-saga/effects';
import { selectSignedInUserId, sessionStarted } from '../features/session/public';
import type * as TagOutbox from '../features/tags/tagOutboxSaga';
import type { InjectSaga } from './sagaInjector';

/**
 * Tags kept by TAG NOW go out when the app is opened again, on whatever page (docs/product/part-2.md §4):
 * after sign-in the outbox saga loads in its own small chunk — not in every page's initial JS — and starts
 * under the name Tag Moments uses, so it runs once.
 */
export function* startTagOutbox(): SagaIterator {
  if (!(yield select(selectSignedInUserId))) yield take(sessionStarted.type);
  const { TAG_OUTBOX_SAGA, tagOutboxSaga } = (yield call(
    () => import(/* webpackChunkName: "tag-outbox" */ '../features/tags/tagOutboxSaga'),
  )) as typeof TagOutbox;
  const store: { injectSaga?: InjectSaga } = yield getContext('store');
  store.injectSaga?.(TAG_OUTBOX_SAGA, tagOutboxSaga);
}
