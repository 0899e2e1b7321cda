import { runSaga, stdChannel, type Saga, type Task } from 'redux-saga';
import { APP_SAGAS, rootSaga } from './rootSaga';
import { createSagaInjector, type InjectSaga } from './sagaInjector';

/** What the sagas run on: the store's own dispatch and state, and their context (services, the store). */
export interface SagaHost {
  dispatch: (action: never) => unknown;
  getState: () => unknown;
  context: Record<string, unknown>;
  /**
   * Hands every action the store dispatches to `deliver`, in order, starting with those dispatched before the
   * sagas ran (sagaDoor.ts); called once every saga has started.
   */
  openDoor: (deliver: (action: unknown) => void) => void;
  /** The app's start spaces the sagas out, a task each (rootSaga.ts); tests start them at once. */
  between?: () => Promise<void>;
  /** Sagas screens asked for before these ran (sagaInjector.ts): started with the root's, before the door opens. */
  waitingSagas: Array<[name: string, saga: Saga]>;
}

export interface RunningSagas {
  task: Task;
  injectSaga: InjectSaga;
  /** Settles once every saga has started and has been handed the actions that came before it. */
  started: Promise<void>;
}

/**
 * The app's sagas and redux-saga itself are a file of their own, loaded after the first render
 * (docs/performance.md "Initial JS"): nothing on a page needs them before that, and the store runs without them
 * until they arrive, keeping the actions they have not seen. They run through redux-saga's `runSaga` on a
 * channel of their own rather than as a middleware mounted when the store is made, which is what lets them join a
 * store that already exists. Started without `between` (tests), everything here happens synchronously.
 */
export function runAppSagas(host: SagaHost): RunningSagas {
  const channel = stdChannel();
  const onError = (error: Error, { sagaStack }: { sagaStack: string }) =>
    console.error('Background task failed', error, sagaStack);
  const run = (saga: Saga, ...args: unknown[]): Task =>
    runSaga({ channel, dispatch: host.dispatch, getState: host.getState, context: host.context, onError }, saga, ...args);

  let rootEnded!: () => void;
  const injectSaga = createSagaInjector(run, new Promise<void>((ended) => (rootEnded = ended)));
  let started!: () => void;
  const allStarted = new Promise<void>((resolve) => (started = resolve));
  const task = run(rootSaga, APP_SAGAS, {
    between: host.between,
    // The door opens only now: an action that came while the first sagas were starting reaches the later ones too.
    started: () => {
      for (const [name, saga] of host.waitingSagas.splice(0)) injectSaga(name, saga);
      host.openDoor((action) => channel.put(action as Parameters<typeof channel.put>[0]));
      started();
    },
  });
  task.toPromise().then(rootEnded, rootEnded);
  return { task, injectSaga, started: allStarted };
}
