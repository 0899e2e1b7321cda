/** The menu and the bottom bar (docs/product/part-1.md §2 "Navigation menu"), derived from the route table. */
import { ROUTES, SECTIONS, type RouteEntry, type Section } from '../../../app/routes';
import type { NavIconName } from './navIcons';

export interface NavItem {
  label: string;
  path: string;
  icon: NavIconName;
}

export interface NavGroup {
  label: Section;
  icon: NavIconName;
  items: NavItem[];
}

/**
 * The menu a user sees: each section's menu entries in table order, sections in SECTIONS order.
 * Only ADMIN sees an ADMIN-only section (Locations) or an ADMIN-only route (Add Event).
 */
export function visibleNav(isAdmin: boolean, routes: readonly RouteEntry[] = ROUTES): NavGroup[] {
  return (Object.keys(SECTIONS) as Section[])
    .filter((section) => isAdmin || !SECTIONS[section].adminOnly)
    .map((section) => ({
      label: section,
      icon: SECTIONS[section].icon,
      items: routes.flatMap((r) =>
        r.menu && r.section === section && (isAdmin || r.access !== 'admin')
          ? [{ label: r.menu.label ?? r.title, path: r.path, icon: r.menu.icon }]
          : [],
      ),
    }))
    .filter((group) => group.items.length > 0);
}

export interface BottomBarItem {
  label: string;
  path: string;
  icon: NavIconName;
  badge?: 'activeUploads';
}

/** The mobile bottom bar's links in their order; the bar adds More (which opens the menu) last. */
export function bottomBarItems(routes: readonly RouteEntry[] = ROUTES): BottomBarItem[] {
  return routes
    .flatMap((r) => (r.shortcut ? [{ ...r.shortcut, path: r.path, icon: r.menu.icon }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...item }) => item);
}

/** The upload badge: the count, '9+' above 9, nothing at zero. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** What a screen reader hears for the badge. */
export function badgeDescription(count: number): string {
  return count === 1 ? '1 file still uploading' : `${count} files still uploading`;
}

/**
 * The user menu's ADMIN-only entries. They are not routes: the spec leaves their behaviour open, so
 * each opens a dialog saying it is not available yet (docs/decisions.md).
 */
export const ADMIN_USER_MENU = ['Upgrade to Pro', 'Account', 'Billing', 'Notifications'] as const;
