import { act, screen, waitFor } from '@testing-library/react';
import { Settings } from 'luxon';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { renderRouter } from '../../../test/renderWithProviders';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken, TEST_USER } from '../../../test/tokens';
import ClipSelectionScreen from './ClipSelectionScreen';
import { highlightCreationApi } from '../api/highlightCreationApi';
import { at, EVENT_ID, rawClip } from '../../../test/data/makeMyHighlightTestData';

setupApiServer();

beforeEach(() => {
  Settings.defaultZone = 'America/Chicago'; // the device; the event is in New York
});
afterEach(() => {
  Settings.defaultZone = 'system';
});

const event = {
  id: EVENT_ID,
  name: 'City Cup Final',
  sport: 'Soccer',
  startTime: at(0),
  timezone: 'America/New_York',
  location: { name: 'Fenway Park', city: 'Boston', state: 'MA', timezone: 'America/New_York' },
};

/** GET /events/{id}/clips answers one clip, 23:10 UTC on 4 July; GET /events/{id} answers `eventAnswer`. */
function answer(eventAnswer: () => Response | Promise<Response>) {
  apiServer.use(
    http.get(API(`events/${EVENT_ID}`), eventAnswer),
    http.get(API(`events/${EVENT_ID}/clips`), () =>
      HttpResponse.json({ success: true, data: { clips: [rawClip('c1', 600, 90)] } }),
    ),
  );
}

function renderScreen() {
  const { store } = signedInStore(makeToken({ userId: TEST_USER.id }));
  const router = createMemoryRouter([{ path: '/events/:eventId/clips', element: <ClipSelectionScreen /> }], {
    initialEntries: [`/events/${EVENT_ID}/clips`],
  });
  renderRouter(store, router);
  const clips = highlightCreationApi.endpoints.getSelectionClips.select({ eventId: EVENT_ID, userId: TEST_USER.id });
  return { clipsLoaded: () => clips(store.getState()).isSuccess };
}

describe('ClipSelectionScreen: the clips’ times', () => {
  it('wait for the event, then are on the venue’s clock, its zone named', async () => {
    let sendEvent = () => undefined as void;
    const eventSent = new Promise<void>((resolve) => (sendEvent = resolve));
    answer(async () => {
      await eventSent;
      return HttpResponse.json({ success: true, data: event });
    });
    const { clipsLoaded } = renderScreen();
    // The clips have come; the venue's zone has not: no time on another clock meanwhile.
    await waitFor(() => expect(clipsLoaded()).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 100))); // the list renders new items in the background
    expect(screen.getByRole('status', { name: 'Loading clips...' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    sendEvent();
    // 23:10 UTC is 7:10 PM in New York, not the device's Chicago: the zone is named.
    expect(await screen.findByRole('article', { name: 'Jul 4, 2026, 7:10 PM EDT' })).toBeInTheDocument();
  });

  it('the event cannot be loaded: on the device’s clock, not in UTC', async () => {
    answer(() => HttpResponse.json({ success: false, error: 'Database unavailable' }, { status: 500 }));
    renderScreen();
    // 23:10 UTC is 6:10 PM in Chicago, the device's own zone (so none is named).
    expect(await screen.findByRole('article', { name: 'Jul 4, 2026, 6:10 PM' })).toBeInTheDocument();
    expect(screen.queryByText(/UTC/)).not.toBeInTheDocument();
  });
});
