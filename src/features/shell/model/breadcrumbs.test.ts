import type { ComponentType } from 'react';
import { ROUTES, type RouteEntry } from '../../../app/routes';
import { breadcrumbsFor, routeFor } from './breadcrumbs';

const Screen: ComponentType = () => null;

describe('routeFor', () => {
  it('matches parameters', () => expect(routeFor('/clips/event/42')?.title).toBe('Event Clips'));

  it('ignores a trailing slash', () => expect(routeFor('/tags/all/')?.path).toBe('/tags/all'));

  it('finds nothing for an unknown address', () => expect(routeFor('/clips/event/42/more')).toBeNull());
});

describe('breadcrumbsFor', () => {
  it('builds Home › Section › Page', () =>
    expect(breadcrumbsFor('/event/upcoming', false)).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Events', to: null },
      { label: 'Current & Upcoming Events', to: null },
    ]));

  it('shows Home alone, as the current page, on the landing page', () =>
    expect(breadcrumbsFor('/', false)).toEqual([{ label: 'Home', to: null }]));

  it('says Not found for an unknown address', () =>
    expect(breadcrumbsFor('/nowhere', false).map((c) => c.label)).toEqual(['Home', 'Not found']));

  it('cuts crumbs to 12 characters on mobile', () => {
    const labels = breadcrumbsFor('/event/upcoming', true).map((c) => c.label);
    expect(labels.every((l) => l.length <= 12)).toBe(true);
    expect(labels[2]).toBe('Current & U…');
  });

  it('reads section and title from the table it is given', () => {
    const table: RouteEntry[] = [
      ...ROUTES,
      { path: '/scouting/:teamId', title: 'Scouting Report', section: 'Tags', component: Screen },
    ];
    expect(breadcrumbsFor('/scouting/7', false, table).map((c) => c.label)).toEqual(['Home', 'Tags', 'Scouting Report']);
    expect(breadcrumbsFor('/scouting/7', false).map((c) => c.label)).toEqual(['Home', 'Not found']);
  });
});
