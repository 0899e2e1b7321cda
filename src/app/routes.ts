/**
 * Every route of both spec parts, with what the shell shows for it. `screen` names the lazily
 * loaded module (router.tsx); `section` is the breadcrumb between Home and the page.
 */
export type ScreenId =
  | 'landing'
  | 'addLocation'
  | 'nearbyLocations'
  | 'createEvent'
  | 'nearbyEvents'
  | 'upcomingEvents'
  | 'recentEvents'
  | 'myClips'
  | 'uploadClips'
  | 'eventClips'
  | 'unassociatedClips'
  | 'taggedEvents'
  | 'eventTags'
  | 'allTags'
  | 'tagMoments'
  | 'highlightPicker'
  | 'highlightCreate'
  | 'highlightList'
  | 'highlightShare'
  | 'clipSelection'
  | 'highlightViewer';

export interface RouteInfo {
  path: string;
  title: string;
  section: string | null;
  screen: ScreenId;
  adminOnly?: boolean;
}

export const ROUTES: RouteInfo[] = [
  { path: '/', title: 'Home', section: null, screen: 'landing' },
  { path: '/location/add', title: 'Add Location', section: 'Locations', screen: 'addLocation', adminOnly: true },
  { path: '/location/nearest', title: 'Nearby Locations', section: 'Locations', screen: 'nearbyLocations' },
  { path: '/event/create', title: 'Add Event', section: 'Events', screen: 'createEvent', adminOnly: true },
  { path: '/event/nearest', title: 'Nearby Events', section: 'Events', screen: 'nearbyEvents' },
  { path: '/event/upcoming', title: 'Current & Upcoming Events', section: 'Events', screen: 'upcomingEvents' },
  { path: '/event/recent', title: 'Recent Events', section: 'Events', screen: 'recentEvents' },
  { path: '/clips', title: 'My Clips', section: 'Clips', screen: 'myClips' },
  { path: '/clips/upload', title: 'Upload Clips', section: 'Clips', screen: 'uploadClips' },
  { path: '/clips/list', title: 'My Clips', section: 'Clips', screen: 'myClips' },
  { path: '/clips/event/:eventId', title: 'Event Clips', section: 'Clips', screen: 'eventClips' },
  { path: '/clips/unassociated', title: 'Unassociated Clips', section: 'Clips', screen: 'unassociatedClips' },
  { path: '/tags/by-event', title: 'My Tagged Events', section: 'Tags', screen: 'taggedEvents' },
  { path: '/tags/by-event/:eventId', title: 'Event Tags', section: 'Tags', screen: 'eventTags' },
  { path: '/tags/all', title: 'All My Tags', section: 'Tags', screen: 'allTags' },
  { path: '/tags/add', title: 'Tag Moments', section: 'Tags', screen: 'tagMoments' },
  { path: '/highlights/create', title: 'Create Highlight', section: 'Highlights', screen: 'highlightPicker' },
  { path: '/highlights/create/:eventId', title: 'Create Highlight', section: 'Highlights', screen: 'highlightCreate' },
  { path: '/highlights/view', title: 'My Highlights', section: 'Highlights', screen: 'highlightList' },
  { path: '/highlights/share', title: 'Share Highlights', section: 'Highlights', screen: 'highlightShare' },
  { path: '/events/:eventId/clips', title: 'Select Clips', section: 'Events', screen: 'clipSelection' },
  { path: '/highlight/view/:id', title: 'Highlight', section: 'Highlights', screen: 'highlightViewer' },
];

/** Old links of part 2 that point elsewhere. */
export const REDIRECTS: Array<{ from: string; to: string }> = [
  { from: '/events', to: '/event/upcoming' },
  { from: '/upload', to: '/clips/upload' },
];

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

export function routeFor(pathname: string): RouteInfo | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((r) => matches(r.path, clean)) ?? null;
}

export interface Crumb {
  label: string;
  /** null for the current page. */
  to: string | null;
}

/** Home › Section › Page; on mobile every label is cut to 12 characters (spec part 1 §2). */
export function breadcrumbsFor(pathname: string, mobile: boolean): Crumb[] {
  const route = routeFor(pathname);
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }];
  if (!route) crumbs.push({ label: 'Not found', to: null });
  else if (route.path !== '/') {
    if (route.section) crumbs.push({ label: route.section, to: null });
    crumbs.push({ label: route.title, to: null });
  } else crumbs[0] = { label: 'Home', to: null };
  return mobile ? crumbs.map((c) => ({ ...c, label: truncateCrumb(c.label) })) : crumbs;
}

export const MOBILE_CRUMB_LENGTH = 12;

export function truncateCrumb(label: string): string {
  return label.length > MOBILE_CRUMB_LENGTH ? `${label.slice(0, MOBILE_CRUMB_LENGTH - 1)}…` : label;
}
