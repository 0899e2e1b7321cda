import type { Middleware } from '@reduxjs/toolkit';

/**
 * Where the store hands its actions to the sagas, which load after the first render (sagaRuntime.ts). Until
 * they have started, every action is kept, in order; `open` hands the kept ones over and then passes each new
 * one on as it is dispatched (after the reducers, as redux-saga's own middleware does). So a tap on Sign in
 * before the sagas' file has arrived is answered once it has, and a session restored before the first render
 * is announced to the other tabs as before.
 */
export function createSagaDoor() {
  let deliver: ((action: unknown) => void) | null = null;
  const kept: unknown[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    if (deliver) deliver(action);
    else kept.push(action);
    return result;
  };
  return {
    middleware,
    open(to: (action: unknown) => void): void {
      if (deliver) return;
      // What a kept action makes the sagas dispatch joins the queue behind the others, in the order dispatched.
      while (kept.length > 0) to(kept.shift());
      deliver = to;
    },
    /** A store that runs no sagas keeps nothing. */
    close(): void {
      deliver = () => undefined;
      kept.length = 0;
    },
  };
}
