import { CANCEL } from 'redux-saga';

/** What redux-saga does to a promise whose effect is cancelled: calls its CANCEL hook, which must be there. */
export function cancelLikeSaga(promise: object): void {
  const hook = (promise as Record<string, unknown>)[CANCEL];
  if (typeof hook !== 'function') throw new Error('the promise cannot be cancelled');
  (hook as () => void)();
}
