import type { ComponentType } from 'react';
import type { NavIconName } from '../features/shell/model/navIcons';
import { loadUploadEngine } from '../features/uploads/model/loadUploadEngine';
import { retryableLazy as lazy } from './retryableLazy';
import type { ScreenPrefetch } from './routePrefetch';

/*
 * The route table: every screen of both spec parts, declared once. The router, the guards, the side
 * menu, the bottom bar and the breadcrumbs all read it; nothing else lists screens. It loads with the
 * router on every page, so it holds only data and lazy loaders: icons are named (the shell maps names
 * to icons, src/features/shell/model/navIcons.ts) and the functions that read it live where they are used.
 */

/** The breadcrumb between Home and a page, and the menu group the page's entry sits in. */
export type Section = 'Locations' | 'Events' | 'Clips' | 'Tags' | 'Highlights';

/** The menu's groups in menu order, with each group's icon and who sees it (docs/product/part-1.md §2). */
export const SECTIONS: Record<Section, { icon: NavIconName; adminOnly?: boolean }> = {
  Locations: { icon: 'Place', adminOnly: true },
  Events: { icon: 'Event' },
  Clips: { icon: 'VideoLibrary' },
  Tags: { icon: 'LocalOffer' },
  Highlights: { icon: 'AutoAwesome' },
};

interface MenuEntry {
  icon: NavIconName;
  /** Where the menu's wording differs from the title. */
  label?: string;
}

interface Shortcut {
  /** Place in the mobile bottom bar, from 1 (More always comes last). */
  order: number;
  label: string;
  /** Shows the count of files still uploading. */
  badge?: 'activeUploads';
}

interface RouteBase {
  path: string;
  /** The page's name: its last breadcrumb, and its menu label unless the menu entry has its own. */
  title: string;
  section?: Section;
  /** The screen, loaded in its own chunk on first visit (`preload` asks for that chunk before it renders). */
  component: ComponentType & { preload?: () => Promise<void> };
  /**
   * Who may open it. Absent: any signed-in user, inside the shell. 'public': anyone, outside the shell
   * and the sign-in guard. 'admin': ADMIN only; others get a notice, and the menu hides the entry.
   */
  access?: 'public' | 'admin';
  /**
   * Loads the screen's prefetch (a small chunk of the feature's endpoints), which the router runs as the route starts
   * to load, beside the screen's chunk (routePrefetch.ts). For routes any signed-in user may open.
   */
  prefetch?: () => Promise<ScreenPrefetch>;
}

/** A menu entry sits in its section's group (in table order); a bottom-bar shortcut borrows its icon. */
type Placement = { menu?: never; shortcut?: never } | { section: Section; menu: MenuEntry; shortcut?: Shortcut };

export type RouteEntry = RouteBase & Placement;

/** The features' prefetch modules: each a small chunk of the endpoints its screens ask first. */
const clipsData = () => import(/* webpackChunkName: "clips-data" */ '../features/clips/api/clipsPrefetch');
const tagsData = () => import(/* webpackChunkName: "tags-data" */ '../features/tags/api/tagsPrefetch');
const highlightCreationData = () =>
  import(/* webpackChunkName: "highlight-create-data" */ '../features/highlightCreation/api/highlightCreationPrefetch');

export const ROUTES: RouteEntry[] = [
  {
    path: '/login',
    title: 'Sign in',
    access: 'public',
    component: lazy(() => import(/* webpackChunkName: "login" */ '../features/login/components/LoginScreen')),
  },
  {
    path: '/',
    title: 'Home',
    component: lazy(() => import(/* webpackChunkName: "landing" */ '../features/landing/components/LandingScreen')),
  },
  {
    path: '/location/add',
    title: 'Add Location',
    section: 'Locations',
    access: 'admin',
    menu: { icon: 'AddLocationAlt' },
    component: lazy(() => import(/* webpackChunkName: "add-location" */ '../features/locations/components/AddLocationScreen')),
  },
  {
    path: '/location/nearest',
    title: 'Nearby Locations',
    section: 'Locations',
    menu: { icon: 'LocationOn' },
    component: lazy(
      () => import(/* webpackChunkName: "locations-nearby" */ '../features/locations/components/NearbyLocationsScreen'),
    ),
  },
  {
    path: '/event/create',
    title: 'Add Event',
    section: 'Events',
    access: 'admin',
    menu: { icon: 'EditCalendar' },
    component: lazy(() => import(/* webpackChunkName: "add-event" */ '../features/events/components/AddEventScreen')),
  },
  {
    path: '/event/nearest',
    title: 'Nearby Events',
    section: 'Events',
    menu: { icon: 'NearMe' },
    component: lazy(() => import(/* webpackChunkName: "events-nearby" */ '../features/events/components/NearbyEventsScreen')),
  },
  {
    path: '/event/upcoming',
    title: 'Current & Upcoming Events',
    section: 'Events',
    menu: { icon: 'EventAvailable', label: 'Current & Upcoming' },
    shortcut: { order: 2, label: 'Events' },
    component: lazy(
      () => import(/* webpackChunkName: "events-upcoming" */ '../features/events/components/CurrentUpcomingScreen'),
    ),
  },
  {
    path: '/event/recent',
    title: 'Recent Events',
    section: 'Events',
    menu: { icon: 'History' },
    component: lazy(() => import(/* webpackChunkName: "events-recent" */ '../features/events/components/RecentEventsScreen')),
  },
  {
    path: '/events/:eventId/clips',
    title: 'Select Clips',
    section: 'Events',
    component: lazy(
      () => import(/* webpackChunkName: "clip-selection" */ '../features/highlightCreation/components/ClipSelectionScreen'),
    ),
  },
  {
    path: '/clips',
    title: 'My Clips',
    section: 'Clips',
    component: lazy(() => import(/* webpackChunkName: "my-clips" */ '../features/clips/components/MyClipsScreen')),
    prefetch: () => clipsData().then((m) => m.prefetchMyClips),
  },
  {
    path: '/clips/upload',
    title: 'Upload Clips',
    section: 'Clips',
    menu: { icon: 'CloudUpload' },
    shortcut: { order: 1, label: 'Upload', badge: 'activeUploads' },
    // With the upload engine (features/uploads/model/loadUploadEngine.ts): the queue listens before a file can be picked.
    component: lazy(() =>
      Promise.all([
        import(/* webpackChunkName: "upload-clips" */ '../features/uploads/components/UploadClipsScreen'),
        loadUploadEngine(),
      ]).then(([screen]) => screen),
    ),
  },
  {
    path: '/clips/list',
    title: 'My Clips',
    section: 'Clips',
    menu: { icon: 'Videocam' },
    component: lazy(() => import(/* webpackChunkName: "my-clips" */ '../features/clips/components/MyClipsScreen')),
    prefetch: () => clipsData().then((m) => m.prefetchMyClips),
  },
  {
    path: '/clips/event/:eventId',
    title: 'Event Clips',
    section: 'Clips',
    component: lazy(() => import(/* webpackChunkName: "event-clips" */ '../features/clips/components/EventClipsScreen')),
    prefetch: () => clipsData().then((m) => m.prefetchEventClips),
  },
  {
    path: '/clips/unassociated',
    title: 'Unassociated Clips',
    section: 'Clips',
    component: lazy(
      () => import(/* webpackChunkName: "unassociated-clips" */ '../features/clips/components/UnassociatedClipsScreen'),
    ),
    prefetch: () => clipsData().then((m) => m.prefetchUnassociatedClips),
  },
  {
    path: '/tags/add',
    title: 'Tag Moments',
    section: 'Tags',
    menu: { icon: 'BookmarkAdd' },
    shortcut: { order: 3, label: 'Tags' },
    component: lazy(() => import(/* webpackChunkName: "tag-moments" */ '../features/tags/components/TagMomentsScreen')),
  },
  {
    path: '/tags/by-event',
    title: 'My Tagged Events',
    section: 'Tags',
    menu: { icon: 'Bookmarks' },
    component: lazy(() => import(/* webpackChunkName: "tagged-events" */ '../features/tags/components/TaggedEventsScreen')),
    prefetch: () => tagsData().then((m) => m.prefetchTaggedEvents),
  },
  {
    path: '/tags/by-event/:eventId',
    title: 'Event Tags',
    section: 'Tags',
    component: lazy(() => import(/* webpackChunkName: "event-tags" */ '../features/tags/components/EventTagsScreen')),
    prefetch: () => tagsData().then((m) => m.prefetchEventTags),
  },
  {
    path: '/tags/all',
    title: 'All My Tags',
    section: 'Tags',
    menu: { icon: 'Sell' },
    component: lazy(() => import(/* webpackChunkName: "all-tags" */ '../features/tags/components/AllTagsScreen')),
    prefetch: () => tagsData().then((m) => m.prefetchMyTags),
  },
  {
    path: '/highlights/create',
    title: 'Create Highlight',
    section: 'Highlights',
    menu: { icon: 'MovieFilter' },
    // The Recent Events picker in its highlights context: the same chunk as /event/recent.
    component: lazy(
      () => import(/* webpackChunkName: "events-recent" */ '../features/events/components/HighlightEventPickerScreen'),
    ),
  },
  {
    path: '/highlights/create/:eventId',
    title: 'Create Highlight',
    section: 'Highlights',
    component: lazy(
      () => import(/* webpackChunkName: "highlight-create" */ '../features/highlightCreation/components/HighlightCreationScreen'),
    ),
    prefetch: () => highlightCreationData().then((m) => m.prefetchHighlightCreation),
  },
  {
    path: '/highlights/view',
    title: 'My Highlights',
    section: 'Highlights',
    menu: { icon: 'PlaylistPlay' },
    component: lazy(
      () => import(/* webpackChunkName: "highlights-list" */ '../features/highlights/components/HighlightsListScreen'),
    ),
  },
  {
    path: '/highlights/share',
    title: 'Share Highlights',
    section: 'Highlights',
    menu: { icon: 'Share' },
    component: lazy(
      () => import(/* webpackChunkName: "highlight-share" */ '../features/shares/components/SharedHighlightsScreen'),
    ),
  },
  {
    path: '/highlight/view/:id',
    title: 'Highlight',
    section: 'Highlights',
    component: lazy(
      () => import(/* webpackChunkName: "highlight-viewer" */ '../features/highlights/components/HighlightViewerScreen'),
    ),
  },
];

/** What a signed-in user sees at an address no route matches (inside the shell). */
export const NOT_FOUND: RouteEntry = {
  path: '*',
  title: 'Not found',
  component: lazy(() => import(/* webpackChunkName: "not-found" */ '../features/common/components/NotFoundScreen')),
};

/** Old links of part 2 that point elsewhere. */
export const REDIRECTS: Array<{ from: string; to: string }> = [
  { from: '/events', to: '/event/upcoming' },
  { from: '/upload', to: '/clips/upload' },
];
