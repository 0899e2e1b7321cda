import { createContext, useContext } from 'react';
import type { RouteEntry } from './routes';

/**
 * The route table entry the router is showing, for a screen that needs its own entry (the
 * placeholder shows its title). A context rather than an import of the table: the table loads every
 * screen lazily, so a screen importing it would close an import cycle.
 */
export const CurrentRouteContext = createContext<RouteEntry | null>(null);

export function useCurrentRoute(): RouteEntry | null {
  return useContext(CurrentRouteContext);
}
