import { retryableLazy } from './retryableLazy';

/**
 * The signed-in shell (app bar, menu, shortcuts) the router renders around every screen but the public ones, in its
 * own chunk. A module of its own: in the route table its import would close a cycle (the shell reads the table).
 */
export const AppLayout = retryableLazy(() => import(/* webpackChunkName: "shell" */ '../features/shell/AppLayout'));
