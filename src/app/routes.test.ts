import { NOT_FOUND, REDIRECTS, ROUTES, SECTIONS } from './routes';

const ALL = [...ROUTES, NOT_FOUND];

describe('the route table', () => {
  it('has every route of both spec parts, and /login', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/login',
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

  it('declares each path once, redirects included', () => {
    const paths = [...ALL.map((r) => r.path), ...REDIRECTS.map((r) => r.from)];
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every route a title and a lazily loaded screen', () => {
    for (const route of ALL) {
      expect(route.title.trim()).not.toBe('');
      // Made by retryableLazy: the screen's code stays out of the table's chunk.
      expect(route.component.name).toBe('RetryableLazy');
    }
  });

  it('redirects only to routes of the table', () => {
    for (const { to } of REDIRECTS) expect(ROUTES.some((r) => r.path === to)).toBe(true);
  });

  it('keeps only /login outside the sign-in guard and Add Location and Add Event for ADMIN', () => {
    expect(ROUTES.filter((r) => r.access === 'public').map((r) => r.path)).toEqual(['/login']);
    expect(ROUTES.filter((r) => r.access === 'admin').map((r) => r.path)).toEqual(['/location/add', '/event/create']);
    expect(Object.entries(SECTIONS).flatMap(([name, s]) => (s.adminOnly ? [name] : []))).toEqual(['Locations']);
  });

  it('puts menu entries in a section and gives the bottom-bar shortcuts distinct places', () => {
    for (const route of ROUTES) if (route.menu) expect(route.section).toBeDefined();
    const orders = ROUTES.flatMap((r) => (r.shortcut ? [r.shortcut.order] : []));
    expect(new Set(orders).size).toBe(orders.length);
  });
});
