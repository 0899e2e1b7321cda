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

/**
 * What a mutation answers when its endpoint's code could not be loaded (a dropped connection while the API's file
 * was fetched): the same as a request that never reached the server, so callers show their network message.
 */
export const CODE_NOT_LOADED = { error: { status: 'FETCH_ERROR', error: 'The API code could not be loaded' } } as const;

/**
 * runMutation for an endpoint that lives in lazily loaded code (api/apiRegistry.ts): loads it, then runs the
 * mutation `initiate` makes with it. A failed load answers CODE_NOT_LOADED.
 */
export function* runLoadedMutation<A, T>(
  load: () => Promise<A>,
  initiate: (loaded: A) => unknown,
): SagaIterator<MutationAnswer<T>> {
  let loaded: A;
  try {
    loaded = (yield call(load)) as A;
  } catch {
    return CODE_NOT_LOADED;
  }
  return (yield call(runMutation<T>, initiate(loaded))) as MutationAnswer<T>;
}
