import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import { EventPicker } from './EventPicker';
import { searchCacheKey, writeCachedSearch } from '../model/eventSearchCache';
import type { EventSummary } from '../model/eventTypes';
import { readRecentEvents, rememberRecentEvent } from '../model/recentEvents';

setupApiServer();

function event(id: string, name: string): EventSummary {
  return {
    id,
    name,
    sport: 'Baseball',
    startTime: '2026-05-01T18:00:00.000Z',
    endTime: null,
    timezone: 'America/Chicago',
    location: { name: 'Wrigley Field', city: 'Chicago', state: 'IL', latitude: 41.9484, longitude: -87.6553 },
    distance: null,
  };
}

const serverEvent = (id: string, name: string) => ({
  ...event(id, name),
  locationId: 'wrigley',
  location: { id: 'wrigley', name: 'Wrigley Field', city: 'Chicago', state: 'IL', coordinates: { lat: 41.9484, lng: -87.6553 } },
});

function renderPicker(selected: EventSummary | null = null) {
  const onSelect = jest.fn();
  const onClear = jest.fn();
  const session = signedInState().session;
  const result = renderWithProviders(<EventPicker selected={selected} onSelect={onSelect} onClear={onClear} />, {
    preloadedState: { session: { ...session, token: makeToken({}) } },
  });
  return { ...result, onSelect, onClear };
}

async function searchFor(user: ReturnType<typeof renderPicker>['user'], text: string, how: 'enter' | 'button' = 'enter') {
  const box = screen.getByRole('textbox', { name: 'Search events' });
  await user.clear(box);
  await user.type(box, how === 'enter' ? `${text}{Enter}` : text);
  if (how === 'button') await user.click(screen.getByRole('button', { name: 'Search' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  Settings.defaultZone = 'system';
});

describe('EventPicker', () => {
  it('collapsed with a selected event: name, sport, date, location and Change', () => {
    renderPicker(event('e-1', 'Cubs vs Cardinals'));
    const card = screen.getByRole('group', { name: 'Selected event' });
    expect(within(card).getByText('Cubs vs Cardinals')).toBeInTheDocument();
    expect(within(card).getByText(/Baseball · /)).toBeInTheDocument();
    expect(within(card).getByText('Wrigley Field, Chicago, IL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it("shows the selected event's start on the venue's clock, naming the zone away from it", () => {
    Settings.defaultZone = 'Asia/Tokyo'; // the device
    renderPicker({ ...event('e-1', 'Red Sox vs Yankees'), timezone: 'America/New_York' });
    const card = screen.getByRole('group', { name: 'Selected event' });
    // 18:00 UTC: 2 PM at Fenway, 3 AM the next day in Tokyo.
    expect(within(card).getByText('Baseball · May 1, 2026, 2:00 PM EDT')).toBeInTheDocument();
  });

  it('names no zone for an event in the device zone', () => {
    Settings.defaultZone = 'America/Chicago';
    renderPicker(event('e-1', 'Cubs vs Cardinals'));
    const card = screen.getByRole('group', { name: 'Selected event' });
    expect(within(card).getByText('Baseball · May 1, 2026, 1:00 PM')).toBeInTheDocument();
  });

  it('collapsed with none: says so and offers to choose; uploading without an event is allowed', () => {
    renderPicker();
    expect(screen.getByText('No event selected')).toBeInTheDocument();
    expect(screen.getByText('You can also upload without an event.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Event' })).toBeInTheDocument();
  });

  it('"No event" clears the selection', async () => {
    const { user, onClear } = renderPicker(event('e-1', 'Cubs vs Cardinals'));
    await user.click(screen.getByRole('button', { name: 'No event' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('shows the 5 most recent events before any search', async () => {
    for (let i = 1; i <= 7; i += 1) rememberRecentEvent(event(`r${i}`, `Recent ${i}`), i);
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    const list = screen.getByRole('list', { name: 'Recent events' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      expect.stringContaining('Recent 7'),
      expect.stringContaining('Recent 6'),
      expect.stringContaining('Recent 5'),
      expect.stringContaining('Recent 4'),
      expect.stringContaining('Recent 3'),
    ]);
  });

  it('searches on Enter, lists results; picking one selects it and makes it recent', async () => {
    const queries: string[] = [];
    apiServer.use(
      http.get(API('events/text-search'), ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({ success: true, data: [serverEvent('e-1', 'Cubs vs Cardinals')] });
      }),
    );
    const { user, onSelect } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    await searchFor(user, 'cubs');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(queries).toEqual(['?q=cubs&radius=500']);
    await user.click(within(results).getByRole('button', { name: /Cubs vs Cardinals/ }));
    expect(onSelect).toHaveBeenCalledWith(event('e-1', 'Cubs vs Cardinals'));
    expect(readRecentEvents().map((e) => e.id)).toEqual(['e-1']);
    expect(screen.queryByRole('textbox', { name: 'Search events' })).not.toBeInTheDocument();
  });

  it("lists search results with their start in the venue's zone and keeps the zone on the pick", async () => {
    Settings.defaultZone = 'Europe/Berlin';
    const fenway = { ...serverEvent('e-2', 'Red Sox vs Yankees'), timezone: 'America/New_York' };
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.json({ success: true, data: [fenway] })));
    const { user, onSelect } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    await searchFor(user, 'sox');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const result = within(results).getByRole('button', { name: /Red Sox vs Yankees/ });
    expect(result).toHaveTextContent('Baseball · May 1, 2026, 2:00 PM EDT · Wrigley Field, Chicago, IL');
    await user.click(result);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'e-2', timezone: 'America/New_York' }));
  });

  it('ignores an empty query', async () => {
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    await searchFor(user, '   ', 'button');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/No events found/)).not.toBeInTheDocument();
  });

  it('says \'No events found for "{query}"\'', async () => {
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.json({ success: true, data: [] })));
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    await searchFor(user, 'curling', 'button');
    expect(await screen.findByText('No events found for "curling"')).toBeInTheDocument();
  });

  it('on failure shows the saved results for that search, with a note', async () => {
    writeCachedSearch(searchCacheKey({ q: 'cubs', radiusKm: 500 }), [event('e-9', 'Saved game')], Date.now());
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.json({ success: false }, { status: 503 })));
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    await searchFor(user, 'Cubs');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('Saved game')).toBeInTheDocument();
    expect(screen.getByText(/Showing saved results from an earlier search/)).toBeInTheDocument();
  });

  it('on failure without saved results shows the recent events, with a note', async () => {
    rememberRecentEvent(event('r-1', 'Last week game'), 1);
    apiServer.use(http.get(API('events/text-search'), () => HttpResponse.error()));
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    await searchFor(user, 'cubs');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('Last week game')).toBeInTheDocument();
    expect(screen.getByText(/Showing your recent events instead/)).toBeInTheDocument();
  });

  it("with nothing to fall back on: 'Search failed. Please try again.'; Search again retries", async () => {
    let calls = 0;
    apiServer.use(
      http.get(API('events/text-search'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json({ success: true, data: [serverEvent('e-1', 'Cubs game')] });
      }),
    );
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Choose Event' }));
    await searchFor(user, 'cubs');
    expect(await screen.findByText('Search failed. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('button', { name: /Cubs game/ })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
