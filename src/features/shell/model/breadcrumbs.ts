import { NOT_FOUND, ROUTES, type RouteEntry } from '../../../app/routes';

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The table entry for an address (a trailing slash ignored), or null where none matches. */
export function routeFor(pathname: string, routes: readonly RouteEntry[] = ROUTES): RouteEntry | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((r) => matches(r.path, clean)) ?? null;
}

export interface Crumb {
  label: string;
  /** null for the current page. */
  to: string | null;
}

/** Home › Section › Page; on mobile every label is cut to 12 characters (docs/product/part-1.md §2). */
export function breadcrumbsFor(pathname: string, mobile: boolean, routes: readonly RouteEntry[] = ROUTES): Crumb[] {
  const route = routeFor(pathname, routes) ?? NOT_FOUND;
  const crumbs: Crumb[] = [{ label: 'Home', to: route.path === '/' ? null : '/' }];
  if (route.path !== '/') {
    if (route.section) crumbs.push({ label: route.section, to: null });
    crumbs.push({ label: route.title, to: null });
  }
  return mobile ? crumbs.map((c) => ({ ...c, label: truncateCrumb(c.label) })) : crumbs;
}

export const MOBILE_CRUMB_LENGTH = 12;

export function truncateCrumb(label: string): string {
  return label.length > MOBILE_CRUMB_LENGTH ? `${label.slice(0, MOBILE_CRUMB_LENGTH - 1)}…` : label;
}
