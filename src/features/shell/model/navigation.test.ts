import type { ComponentType } from 'react';
import { ROUTES, type RouteEntry } from '../../../app/routes';
import { badgeDescription, badgeText, bottomBarItems, visibleNav } from './navigation';

const Screen: ComponentType = () => null;

function menu(isAdmin: boolean, routes?: RouteEntry[]) {
  return visibleNav(isAdmin, routes).map((g) => [g.label, g.items.map((i) => `${i.label} ${i.path}`)]);
}

describe('visibleNav', () => {
  it('gives a signed-in user every group but Locations, and no Add Event (docs/product/part-1.md §2)', () =>
    expect(menu(false)).toEqual([
      ['Events', ['Nearby Events /event/nearest', 'Current & Upcoming /event/upcoming', 'Recent Events /event/recent']],
      ['Clips', ['Upload Clips /clips/upload', 'My Clips /clips/list']],
      ['Tags', ['Tag Moments /tags/add', 'My Tagged Events /tags/by-event', 'All My Tags /tags/all']],
      [
        'Highlights',
        ['Create Highlight /highlights/create', 'My Highlights /highlights/view', 'Share Highlights /highlights/share'],
      ],
    ]));

  it('adds the Locations group and Add Event for ADMIN', () => {
    const groups = menu(true);
    expect(groups.map(([label]) => label)).toEqual(['Locations', 'Events', 'Clips', 'Tags', 'Highlights']);
    expect(groups[0]).toEqual(['Locations', ['Add Location /location/add', 'Nearby Locations /location/nearest']]);
    expect(groups[1]?.[1]?.[0]).toBe('Add Event /event/create');
  });

  it('gives each group and item its icon from the table', () => {
    const events = visibleNav(false).find((g) => g.label === 'Events');
    expect(events?.icon).toBe('Event');
    expect(events?.items.map((i) => i.icon)).toEqual(['NearMe', 'EventAvailable', 'History']);
  });

  it('shows a new table entry in its section, after the entries before it, under its menu label', () => {
    const table: RouteEntry[] = [
      ...ROUTES,
      { path: '/tags/review', title: 'Review Tags', section: 'Tags', menu: { icon: 'Sell', label: 'Review' }, component: Screen },
    ];
    expect(
      visibleNav(false, table)
        .find((g) => g.label === 'Tags')
        ?.items.at(-1),
    ).toEqual({
      label: 'Review',
      path: '/tags/review',
      icon: 'Sell',
    });
  });

  it('hides an ADMIN-only entry, and a group left empty, from everyone else', () => {
    const table: RouteEntry[] = [
      { path: '/a', title: 'A', section: 'Clips', access: 'admin', menu: { icon: 'Sell' }, component: Screen },
      { path: '/b', title: 'B', section: 'Tags', menu: { icon: 'Sell' }, component: Screen },
      { path: '/c', title: 'C', section: 'Tags', component: Screen },
    ];
    expect(menu(false, table)).toEqual([['Tags', ['B /b']]]);
    expect(menu(true, table)).toEqual([
      ['Clips', ['A /a']],
      ['Tags', ['B /b']],
    ]);
  });
});

describe('bottomBarItems', () => {
  it('is Upload, Events, Tags with their menu icons; Upload carries the uploads badge', () =>
    expect(bottomBarItems()).toEqual([
      { label: 'Upload', path: '/clips/upload', icon: 'CloudUpload', badge: 'activeUploads' },
      { label: 'Events', path: '/event/upcoming', icon: 'EventAvailable' },
      { label: 'Tags', path: '/tags/add', icon: 'BookmarkAdd' },
    ]));

  it('places a new shortcut by its order', () => {
    const table: RouteEntry[] = [
      ...ROUTES,
      {
        path: '/highlights/reels',
        title: 'Highlight Reels',
        section: 'Highlights',
        menu: { icon: 'PlaylistPlay' },
        shortcut: { order: 2.5, label: 'Reels' },
        component: Screen,
      },
    ];
    expect(bottomBarItems(table).map((i) => i.label)).toEqual(['Upload', 'Events', 'Reels', 'Tags']);
  });
});

describe('the uploads badge', () => {
  it('shows the count, 9+ above nine, nothing at zero; and says it in words', () => {
    expect([0, 1, 9, 10].map(badgeText)).toEqual([null, '1', '9', '9+']);
    expect(badgeDescription(1)).toBe('1 file still uploading');
    expect(badgeDescription(12)).toBe('12 files still uploading');
  });
});
