import { ROUTES } from '../app/routes';
import { FRAMED_PAGES, framedPageFor, matchesPattern } from './framedPages';

describe('framed pages', () => {
  it('match a path segment by segment, a parameter standing for one non-empty segment', () => {
    expect(matchesPattern('/clips', '/clips')).toBe(true);
    expect(matchesPattern('/clips/', '/clips')).toBe(false);
    expect(matchesPattern('/clips/upload', '/clips')).toBe(false);
    expect(matchesPattern('/highlights/create/ev-1', '/highlights/create/:eventId')).toBe(true);
    expect(matchesPattern('/highlights/create/', '/highlights/create/:eventId')).toBe(false);
    expect(matchesPattern('/highlights/create', '/highlights/create/:eventId')).toBe(false);
    expect(matchesPattern('/highlights/create/a/b', '/highlights/create/:eventId')).toBe(false);
  });

  it('finds the page a navigation gets', () => {
    expect(framedPageFor('/clips')?.file).toBe('frame-my-clips.html');
    expect(framedPageFor('/highlights/create/ev-1')?.file).toBe('frame-highlight-create.html');
    expect(framedPageFor('/login')).toBeNull();
    expect(framedPageFor('/')).toBeNull();
  });

  it.each(FRAMED_PAGES)('$pattern is a signed-in route of the table, and $location is one of its addresses', (page) => {
    const route = ROUTES.find((r) => r.path === page.pattern);
    expect(route).toBeDefined();
    expect(route?.access).toBeUndefined();
    expect(matchesPattern(page.location, page.pattern)).toBe(true);
    expect(page.file).toMatch(/^frame-[a-z-]+\.html$/);
  });
});
