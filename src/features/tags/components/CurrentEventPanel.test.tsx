import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupApiServer } from '../../../test/apiServer';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { EventSummary } from '../../events/public';
import { CurrentEventPanel } from './CurrentEventPanel';
import {
  answer,
  apiEvent,
  HERE,
  HOUR,
  MINUTE,
  serveNearby,
  serveTextSearch,
  signedInOptions,
} from '../../../test/data/tagMomentsTestData';

setupApiServer();

beforeEach(() => localStorage.clear());

function show(near: typeof HERE | null = HERE) {
  const onSelect = jest.fn<void, [EventSummary]>();
  const view = renderWithProviders(<CurrentEventPanel selected={null} onSelect={onSelect} near={near} />, signedInOptions());
  return { ...view, onSelect };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Event search' });
const searchButton = () => screen.getByRole('button', { name: 'Search' });

describe('CurrentEventPanel: the text search', () => {
  beforeEach(() => void serveNearby(() => answer([])));

  it('Search is disabled while the text is blank; Enter on blank text searches nothing', async () => {
    const seen = serveTextSearch(() => answer([]));
    const { user } = show();
    expect(searchBox()).toHaveAttribute('placeholder', 'Search for events...');
    expect(searchButton()).toBeDisabled();
    await user.type(searchBox(), '   {Enter}');
    expect(searchButton()).toBeDisabled();
    expect(seen).toEqual([]);
  });

  it('Search is disabled while searching; the live events found, with venue and miles', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen = serveTextSearch(async () => {
      await held;
      return answer([
        { ...apiEvent('live', 'Cubs vs Cardinals', 30 * MINUTE), distance: 16.09344 },
        { ...apiEvent('later', 'Cubs vs Brewers', -3 * HOUR), distance: 2 },
      ]);
    });
    const { user, onSelect } = show();
    await user.type(searchBox(), ' Cubs ');
    await user.click(searchButton());
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    expect(searchButton()).toBeDisabled();
    release();

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(Object.fromEntries(seen[0]!)).toEqual({ q: 'Cubs', near: '41.8623,-87.6167', radius: '50' });
    const items = within(results).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Cubs vs Cardinals');
    expect(items[0]).toHaveTextContent('Soldier Field · 10.0 mi');
    await user.click(within(items[0]!).getByRole('button'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'live', name: 'Cubs vs Cardinals' }));
  });

  it('nothing live: \'No current events found for "..."\'', async () => {
    serveTextSearch(() => answer([apiEvent('later', 'Cubs vs Brewers', -3 * HOUR)]));
    const { user } = show();
    await user.type(searchBox(), 'brewers{Enter}');
    expect(await screen.findByText('No current events found for "brewers"')).toBeInTheDocument();
  });

  it("a failed search: 'Search failed. Please try again.' with Retry", async () => {
    let up = false;
    serveTextSearch(() => (up ? answer([apiEvent('live', 'Cup final', MINUTE)]) : HttpResponse.error()));
    const { user } = show();
    await user.type(searchBox(), 'final never searched{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed. Please try again.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Search results' })).toHaveTextContent('Cup final');
  });
});

describe('CurrentEventPanel: the nearby current events', () => {
  it("'Loading nearby events...', then only the live ones, nearest first", async () => {
    serveNearby(() =>
      answer([
        { ...apiEvent('live', 'Pickup game', 30 * MINUTE), distance: 0.4 },
        { ...apiEvent('tonight', 'Cup final', -2 * HOUR), distance: 0.5 },
      ]),
    );
    show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading nearby events...');
    const list = await screen.findByRole('list', { name: 'Live events near you' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Pickup game');
    expect(list).toHaveTextContent('0.4 mi');
  });

  it("none: 'No current events found in your area' with Refresh, which asks again", async () => {
    let events: unknown[] = [];
    const seen = serveNearby(() => answer(events));
    const { user } = show();
    await screen.findByText('No current events found in your area');
    events = [{ ...apiEvent('live', 'Pickup game', MINUTE), distance: 0.4 }];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('list', { name: 'Live events near you' })).toHaveTextContent('Pickup game');
    expect(seen).toHaveLength(2);
  });

  it('without a location: asks nothing and says why', async () => {
    const seen = serveNearby(() => answer([]));
    show(null);
    expect(screen.getByText(/Enable location to see the live events around you/)).toBeInTheDocument();
    await waitFor(() => expect(seen).toEqual([]));
  });
});
