import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import AddEventScreen from './AddEventScreen';

setupApiServer();

const WRIGLEY = {
  id: 'wrigley-field-chicago-il',
  name: 'Wrigley Field',
  timezone: 'America/Chicago',
  address: '1060 W Addison St',
};
const DODGERS = { id: 'dodger-stadium', name: 'Dodger Stadium', timezone: 'America/Los_Angeles', address: '1000 Vin Scully Ave' };

function renderScreen() {
  const session = signedInState({ admin: true }).session;
  return renderWithProviders(<AddEventScreen />, { preloadedState: { session: { ...session, token: makeToken({}) } } });
}

type User = ReturnType<typeof renderScreen>['user'];

/** GET /locations/search answering from a list, recording the queries. */
function locationSearch(list: object[]) {
  const queries: string[] = [];
  apiServer.use(
    http.get(API('locations/search'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      queries.push(q);
      const data = list.filter((l) => JSON.stringify(l).toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json({ success: true, data });
    }),
  );
  return queries;
}

function recordEventPosts() {
  const bodies: unknown[] = [];
  apiServer.use(
    http.post(API('events'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ success: true, data: { id: 'e-1' } }, { status: 201 });
    }),
  );
  return bodies;
}

async function fillEvent(user: User, { start = '2026-07-04T19:00', end = '' } = {}) {
  await user.type(screen.getByRole('textbox', { name: 'Event Name' }), 'Friday Night Hoops');
  await user.type(screen.getByRole('combobox', { name: 'Sport' }), 'Basketball');
  // jsdom cannot type into datetime-local: set the value as the browser's picker would.
  fireEvent.change(screen.getByLabelText(/^Start Time/), { target: { value: start } });
  if (end) fireEvent.change(screen.getByLabelText('End Time (Optional)'), { target: { value: end } });
}

async function pickLocation(user: User, query: string, name: string) {
  await user.type(screen.getByRole('textbox', { name: 'Search locations' }), `${query}{Enter}`);
  const list = await screen.findByRole('list', { name: 'Locations found' });
  await user.click(within(list).getByRole('button', { name: new RegExp(name) }));
}

describe('AddEventScreen', () => {
  it("creates the event with times in UTC for the location's zone, then resets the form", async () => {
    const queries = locationSearch([WRIGLEY, DODGERS]);
    const bodies = recordEventPosts();
    const { user } = renderScreen();

    await fillEvent(user, { start: '2026-07-04T19:00', end: '2026-07-04T21:30' });
    await pickLocation(user, 'Wrigley', 'Wrigley Field');
    expect(queries).toEqual(['Wrigley']);
    const list = screen.getByRole('list', { name: 'Locations found' });
    expect(within(list).getByText(/America\/Chicago/)).toBeInTheDocument();
    expect(screen.getByText('Selected: Wrigley Field')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Event created successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Friday Night Hoops',
        sport: 'Basketball',
        startTime: '2026-07-05T00:00:00.000Z',
        endTime: '2026-07-05T02:30:00.000Z',
        locationId: 'wrigley-field-chicago-il',
      },
    ]);

    expect(screen.getByRole('textbox', { name: 'Event Name' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sport' })).toHaveValue('');
    expect(screen.getByLabelText(/^Start Time/)).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Search locations' })).toHaveValue('');
    expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Locations found' })).not.toBeInTheDocument();
  });

  it("converts in the chosen location's zone (Los Angeles) and sends a null end time", async () => {
    locationSearch([WRIGLEY, DODGERS]);
    const bodies = recordEventPosts();
    const { user } = renderScreen();
    await fillEvent(user);
    await user.type(screen.getByRole('textbox', { name: 'Search locations' }), 'Dodger');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(
      within(await screen.findByRole('list', { name: 'Locations found' })).getByRole('button', { name: /Dodger/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    await screen.findByText('Event created successfully!');
    expect(bodies).toEqual([
      expect.objectContaining({ startTime: '2026-07-05T02:00:00.000Z', endTime: null, locationId: 'dodger-stadium' }),
    ]);
  });

  it('asks for every required field and sends nothing when the form is empty', async () => {
    const bodies = recordEventPosts();
    const { user } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('asks for a location when everything else is filled', async () => {
    const { user } = renderScreen();
    await fillEvent(user);
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
  });

  it('refuses an end before the start', async () => {
    locationSearch([WRIGLEY]);
    const bodies = recordEventPosts();
    const { user } = renderScreen();
    await fillEvent(user, { start: '2026-07-04T19:00', end: '2026-07-04T18:00' });
    await pickLocation(user, 'Wrigley', 'Wrigley Field');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('End Time must not be before Start Time')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('ignores an empty search', async () => {
    const queries = locationSearch([WRIGLEY]);
    const { user } = renderScreen();
    await user.type(screen.getByRole('textbox', { name: 'Search locations' }), '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(queries).toEqual([]);
    expect(screen.queryByText('No locations found')).not.toBeInTheDocument();
  });

  it("says 'No locations found' for an empty result", async () => {
    locationSearch([WRIGLEY]);
    const { user } = renderScreen();
    await user.type(screen.getByRole('textbox', { name: 'Search locations' }), 'Atlantis{Enter}');
    expect(await screen.findByText('No locations found')).toBeInTheDocument();
  });

  it("shows the server's error for a failed search, or 'Failed to search locations' without one", async () => {
    apiServer.use(
      http.get(API('locations/search'), ({ request }) =>
        new URL(request.url).searchParams.get('q') === 'bad'
          ? HttpResponse.json({ success: false, error: 'Search is unavailable', code: 'X' }, { status: 400 })
          : HttpResponse.error(),
      ),
    );
    const { user } = renderScreen();
    const box = screen.getByRole('textbox', { name: 'Search locations' });
    await user.type(box, 'bad{Enter}');
    expect(await screen.findByText('Search is unavailable')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'down{Enter}');
    expect(await screen.findByText('Failed to search locations')).toBeInTheDocument();
  });

  it("says 'Failed to create event' when the server refuses, keeping what was entered", async () => {
    locationSearch([WRIGLEY]);
    apiServer.use(
      http.post(API('events'), () =>
        HttpResponse.json({ success: false, error: 'Location not found', code: 'LOCATION_NOT_FOUND' }, { status: 404 }),
      ),
    );
    const { user } = renderScreen();
    await fillEvent(user);
    await pickLocation(user, 'Wrigley', 'Wrigley Field');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Failed to create event')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Event Name' })).toHaveValue('Friday Night Hoops');
    expect(screen.getByText('Selected: Wrigley Field')).toBeInTheDocument();
  });
});
