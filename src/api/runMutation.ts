import { call, cancelled, put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';

export type MutationAnswer<T> = { data: T } | { error: unknown };
type MutationRequest<T> = Promise<MutationAnswer<T>> & { reset(): void; abort(): void };

/**
 * Runs an RTK Query mutation from a saga: dispatch `endpoint.initiate(arg)`, wait for the answer,
 * then drop the cache entry (`reset`) — mutation entries of auth calls would otherwise keep a token.
 * Cancelling the saga aborts the request.
 */
export function* runMutation<T>(action: unknown): SagaIterator<MutationAnswer<T>> {
  const request: MutationRequest<T> = yield put(action as never);
  try {
    return (yield call(() => request)) as MutationAnswer<T>;
  } finally {
    // A cancelled saga (a sign-out, another user signing in) must not let its request be repeated under
    // someone else's token after a refresh: abort it.
    if ((yield cancelled()) as boolean) request.abort();
    request.reset();
  }
}
