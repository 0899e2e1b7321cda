import { createAppStore, type MakeStoreOptions } from './createAppStore';
import * as sagaRuntime from './sagaRuntime';

export { type AppDispatch, type AppStore, type MakeStoreOptions } from './createAppStore';

/**
 * The store with its sagas' code at hand, so they start as it is made (unless `deferSagas`): for tests and
 * anything else that makes a store on its own. The app's start loads that code after its first render instead
 * (src/index.tsx, createAppStore.ts).
 */
export function makeStore(options?: MakeStoreOptions) {
  return createAppStore(() => sagaRuntime, options);
}
