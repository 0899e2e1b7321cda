import { retryableLazy } from './retryableLazy';

/**
 * The signed-in shell (app bar, menu, shortcuts) the router renders around every screen but the public ones, in its
 * own chunk; the start asks for its code early on a page that prefetches its first screen (prefetchFirstScreen.ts).
 * A module of its own: in the route table its import would close a cycle (the shell reads the table), and asking
 * for it must not evaluate the router's modules ahead of their stage (src/index.tsx).
 */
export const AppLayout = retryableLazy(() => import(/* webpackChunkName: "shell" */ '../features/shell/AppLayout'));
