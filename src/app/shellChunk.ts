import { retryableLazy } from './retryableLazy';
import { loadUserSagas } from './rootSaga';

/**
 * The signed-in shell (app bar, menu, shortcuts) the router renders around every screen but the public ones, in its
 * own chunk. A module of its own: in the route table its import would close a cycle (the shell reads the table).
 * It comes with the signed-in user's sagas' code, which then starts before any screen inside it renders: an action
 * a screen dispatches as it mounts (a location wanted, an editor asked for) finds its saga listening.
 */
async function loadShell() {
  const [shell] = await Promise.all([
    import(/* webpackChunkName: "shell" */ '../features/shell/components/AppLayout'),
    loadUserSagas(),
  ]);
  return shell;
}

export const AppLayout = retryableLazy(loadShell);
