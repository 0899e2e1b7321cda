import type { Saga, Task } from 'redux-saga';
import { keepAlive } from './rootSaga';

/** Starts a saga that came with a lazily loaded chunk; a second call for the same name does nothing. */
export type InjectSaga = (name: string, saga: Saga) => void;

/**
 * Sagas of lazily loaded features (geolocation, clip sync) run from the moment their chunk is first used,
 * kept alive like the root's (a crash restarts them), once per name for the store's lifetime. `run` runs a saga
 * on the store's channel (sagaRuntime.ts); a store that runs no sagas never makes an injector (createAppStore.ts).
 * `rootEnded` settles when the store's root saga ends.
 */
export function createSagaInjector(run: (saga: Saga) => Task, rootEnded?: Promise<unknown>): InjectSaga {
  const running = new Map<string, Task>();
  let stopped = false;
  // They end with the root: cancelling the store's saga task (tests do after each test) must stop every
  // timer and browser listener of the lazily started ones too, as it does for the root's own sagas.
  const stop = () => {
    stopped = true;
    running.forEach((task) => task.cancel());
  };
  void rootEnded?.then(stop, stop);
  return (name, saga) => {
    if (stopped || running.get(name)?.isRunning()) return;
    running.set(name, run(keepAlive(name, saga)));
  };
}
