import { breadcrumbsFor, routeFor, ROUTES } from './routes';

describe('routes', () => {
  it('has every route of both spec parts', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/location/add',
        '/location/nearest',
        '/event/create',
        '/event/nearest',
        '/event/upcoming',
        '/event/recent',
        '/clips',
        '/clips/upload',
        '/clips/list',
        '/clips/event/:eventId',
        '/clips/unassociated',
        '/tags/by-event',
        '/tags/by-event/:eventId',
        '/tags/all',
        '/tags/add',
        '/highlights/create',
        '/highlights/create/:eventId',
        '/highlights/view',
        '/highlights/share',
        '/events/:eventId/clips',
        '/highlight/view/:id',
      ].sort(),
    );
  });

  it('matches parameters', () => expect(routeFor('/clips/event/42')?.title).toBe('Event Clips'));

  it('builds Home › Section › Page', () =>
    expect(breadcrumbsFor('/event/upcoming', false).map((c) => c.label)).toEqual([
      'Home',
      'Events',
      'Current & Upcoming Events',
    ]));

  it('cuts crumbs to 12 characters on mobile', () => {
    const labels = breadcrumbsFor('/event/upcoming', true).map((c) => c.label);
    expect(labels.every((l) => l.length <= 12)).toBe(true);
    expect(labels[2]).toBe('Current & U…');
  });
});
