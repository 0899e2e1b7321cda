/**
 * One entry added to the route table shows up everywhere that lists screens: the router, the menu,
 * the bottom bar and the breadcrumbs (STYLE item 15, "a screen is declared once").
 */
import { screen, within } from '@testing-library/react';
import { mockViewport } from '../test/renderWithProviders';
import { renderAppAt } from '../test/routeTestHarness';
import type * as Routes from './routes';

jest.mock('./routes', () => {
  const actual = jest.requireActual<typeof Routes>('./routes');
  function ScoutingScreen() {
    return <h1>Scouting board</h1>;
  }
  const added: Routes.RouteEntry = {
    path: '/scouting',
    title: 'Scouting Reports',
    section: 'Events',
    menu: { icon: 'NearMe', label: 'Scouting' },
    shortcut: { order: 0, label: 'Scout' },
    component: ScoutingScreen,
  };
  const adminOnly: Routes.RouteEntry = {
    path: '/clips/audit',
    title: 'Clip Audit',
    section: 'Clips',
    access: 'admin',
    menu: { icon: 'Videocam' },
    component: () => <h1>Audit board</h1>,
  };
  return { ...actual, ROUTES: [...actual.ROUTES, added, adminOnly] };
});

describe('a screen added to the route table', () => {
  let restoreViewport: () => void = () => {};
  afterEach(() => restoreViewport());

  it('is routed, listed last in its menu group under its menu label, and named in the breadcrumbs', async () => {
    restoreViewport = mockViewport('desktop');
    await renderAppAt('/scouting');
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Scouting board' })).toBeInTheDocument();

    const events = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('list', { name: 'Events' });
    const links = within(events).getAllByRole('link');
    expect(links.at(-1)).toHaveTextContent('Scouting');
    expect(links.at(-1)).toHaveAttribute('href', '/scouting');

    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByText('Events')).toBeInTheDocument();
    expect(within(trail).getByText('Scouting Reports')).toHaveAttribute('aria-current', 'page');
  });

  it('takes its place in the mobile bottom bar', async () => {
    restoreViewport = mockViewport('mobile');
    await renderAppAt('/');
    const bar = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Scout', 'Upload', 'Events', 'Tags']);
  });

  it('is shown and opened only for ADMIN when the table says so', async () => {
    restoreViewport = mockViewport('desktop');
    await renderAppAt('/clips/audit');
    expect(await screen.findByText('This page is for administrators.', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit board' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clip Audit' })).not.toBeInTheDocument();
  });

  it('opens for ADMIN, with its menu entry', async () => {
    restoreViewport = mockViewport('desktop');
    await renderAppAt('/clips/audit', { admin: true });
    expect(await screen.findByRole('heading', { name: 'Audit board' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clip Audit' })).toHaveAttribute('aria-current', 'page');
  });
});
