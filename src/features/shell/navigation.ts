/** The menu (spec part 1 §2 "Navigation menu"): groups, items, and what only ADMIN sees. */
export interface NavItem {
  label: string;
  path: string;
  adminOnly?: boolean;
}

export interface NavGroup {
  label: 'Locations' | 'Events' | 'Clips' | 'Tags' | 'Highlights';
  adminOnly?: boolean;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Locations',
    adminOnly: true,
    items: [
      { label: 'Add Location', path: '/location/add' },
      { label: 'Nearby Locations', path: '/location/nearest' },
    ],
  },
  {
    label: 'Events',
    items: [
      { label: 'Add Event', path: '/event/create', adminOnly: true },
      { label: 'Nearby Events', path: '/event/nearest' },
      { label: 'Current & Upcoming', path: '/event/upcoming' },
      { label: 'Recent Events', path: '/event/recent' },
    ],
  },
  {
    label: 'Clips',
    items: [
      { label: 'Upload Clips', path: '/clips/upload' },
      { label: 'My Clips', path: '/clips/list' },
    ],
  },
  {
    label: 'Tags',
    items: [
      { label: 'Tag Moments', path: '/tags/add' },
      { label: 'My Tagged Events', path: '/tags/by-event' },
      { label: 'All My Tags', path: '/tags/all' },
    ],
  },
  {
    label: 'Highlights',
    items: [
      { label: 'Create Highlight', path: '/highlights/create' },
      { label: 'My Highlights', path: '/highlights/view' },
      { label: 'Share Highlights', path: '/highlights/share' },
    ],
  },
];

/** The menu a user sees: ADMIN-only groups and items removed for everyone else. */
export function visibleNav(isAdmin: boolean): NavGroup[] {
  return NAV_GROUPS.filter((g) => isAdmin || !g.adminOnly).map((g) => ({
    ...g,
    items: g.items.filter((i) => isAdmin || !i.adminOnly),
  }));
}

export interface BottomBarItem {
  label: 'Upload' | 'Events' | 'Tags' | 'More';
  path: string | null;
}

/** Mobile bottom bar; More opens the menu panel. */
export const BOTTOM_BAR: BottomBarItem[] = [
  { label: 'Upload', path: '/clips/upload' },
  { label: 'Events', path: '/event/upcoming' },
  { label: 'Tags', path: '/tags/add' },
  { label: 'More', path: null },
];

/** The upload badge: the count, '9+' above 9, nothing at zero. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

export const ADMIN_USER_MENU = ['Upgrade to Pro', 'Account', 'Billing', 'Notifications'] as const;
