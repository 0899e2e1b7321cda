import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { makeToken } from '../../../test/tokens';
import AddLocationScreen from './AddLocationScreen';
import { MAPS_CALLBACK, resetMapsLoaderForTests } from '../model/mapsLoader';
import { resetPlacesRouteForTests } from '../api/placesClient';

setupApiServer();

type TestWindow = Window & { google?: unknown; [MAPS_CALLBACK]?: () => void };
const win = window as TestWindow;

const WRIGLEY_PREDICTION = {
  place_id: 'wrigley-field-chicago-il',
  description: 'Wrigley Field, 1060 W Addison St, Chicago, IL, USA',
  structured_formatting: { main_text: 'Wrigley Field', secondary_text: '1060 W Addison St, Chicago, IL, USA' },
};

const WRIGLEY_DETAILS = {
  place_id: 'wrigley-field-chicago-il',
  name: 'Wrigley Field',
  formatted_address: '1060 W Addison St, Chicago, IL 60613, USA',
  geometry: { location: { lat: () => 41.948438, lng: () => -87.655333 } },
  address_components: [
    { long_name: 'Chicago', short_name: 'Chicago', types: ['locality', 'political'] },
    { long_name: 'Illinois', short_name: 'IL', types: ['administrative_area_level_1', 'political'] },
    { long_name: '60613', short_name: '60613', types: ['postal_code'] },
  ],
};

interface FakePlaces {
  predictionStatus?: string;
  detailsStatus?: string;
  /** Also the new Places API (AutocompleteSuggestion, Place), as Google's script has it today. */
  newApi?: boolean;
}

/** The new API's Place after fetchFields. */
const WRIGLEY_NEW_PLACE = {
  displayName: 'Wrigley Field',
  formattedAddress: '1060 W Addison St, Chicago, IL 60613, USA',
  location: { lat: () => 41.948438, lng: () => -87.655333 },
  addressComponents: [
    { longText: 'Chicago', shortText: 'Chicago', types: ['locality', 'political'] },
    { longText: 'Illinois', shortText: 'IL', types: ['administrative_area_level_1', 'political'] },
    { longText: '60613', shortText: '60613', types: ['postal_code'] },
  ],
};

/** A minimal google.maps.places: what use-places-autocomplete and getDetails call, answering asynchronously. */
function installFakeGoogle({ predictionStatus = 'OK', detailsStatus = 'OK', newApi = false }: FakePlaces = {}) {
  const inputs: string[] = [];
  const newInputs: string[] = [];
  const fetchedPlaces: string[] = [];
  class AutocompleteService {
    getPlacePredictions(request: { input: string }, callback: (data: unknown, status: string) => void) {
      inputs.push(request.input);
      const matches = 'wrigley field'.startsWith(request.input.toLowerCase());
      const status = predictionStatus === 'OK' && !matches ? 'ZERO_RESULTS' : predictionStatus;
      setTimeout(() => callback(status === 'OK' ? [WRIGLEY_PREDICTION] : null, status), 0);
    }
  }
  class PlacesService {
    getDetails(_request: { placeId: string }, callback: (data: unknown, status: string) => void) {
      setTimeout(() => callback(detailsStatus === 'OK' ? WRIGLEY_DETAILS : null, detailsStatus), 0);
    }
  }
  class AutocompleteSessionToken {}
  class Place {
    constructor(readonly options: { id: string }) {}
    async fetchFields() {
      fetchedPlaces.push(this.options.id);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return { place: { id: this.options.id, ...WRIGLEY_NEW_PLACE } };
    }
  }
  const AutocompleteSuggestion = {
    async fetchAutocompleteSuggestions({ input }: { input: string }) {
      newInputs.push(input);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!'wrigley field'.startsWith(input.toLowerCase())) return { suggestions: [] };
      const { place_id: placeId, description, structured_formatting: formatting } = WRIGLEY_PREDICTION;
      return {
        suggestions: [
          {
            placePrediction: {
              placeId,
              text: { text: description },
              mainText: { text: formatting.main_text },
              secondaryText: { text: formatting.secondary_text },
              toPlace: () => new Place({ id: placeId }),
            },
          },
        ],
      };
    },
  };
  const places = newApi
    ? { AutocompleteService, PlacesService, AutocompleteSessionToken, AutocompleteSuggestion, Place }
    : { AutocompleteService, PlacesService };
  win.google = { maps: { places } };
  return { inputs, newInputs, fetchedPlaces };
}

function renderScreen() {
  const session = signedInState({ admin: true }).session;
  return renderWithProviders(<AddLocationScreen />, { preloadedState: { session: { ...session, token: makeToken({}) } } });
}

async function choosePlace(user: ReturnType<typeof renderScreen>['user']) {
  const box = await screen.findByRole('combobox', { name: 'Search for a place' });
  await waitFor(() => expect(box).toBeEnabled());
  await user.type(box, 'Wrig');
  await user.click(await screen.findByRole('option', { name: /Wrigley Field/ }, { timeout: 3000 }));
}

beforeEach(() => sessionStorage.clear());

afterEach(() => {
  resetMapsLoaderForTests();
  resetPlacesRouteForTests();
  document.querySelectorAll('script[data-courtside-maps]').forEach((s) => s.remove());
  delete win.google;
  delete win[MAPS_CALLBACK];
});

describe('AddLocationScreen', () => {
  it('searches, previews the chosen place with 6-decimal coordinates, saves it and clears the search', async () => {
    installFakeGoogle();
    const bodies: unknown[] = [];
    apiServer.use(
      http.post(API('locations'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, data: { id: 'new-1', name: 'Wrigley Field' } }, { status: 201 });
      }),
    );
    const { user } = renderScreen();

    const save = screen.getByRole('button', { name: 'Save Location' });
    expect(save).toBeDisabled();
    await choosePlace(user);

    const preview = await screen.findByRole('region', { name: 'Wrigley Field' });
    expect(preview).toHaveTextContent('1060 W Addison St, Chicago, IL 60613, USA');
    expect(preview).toHaveTextContent('41.948438, -87.655333');
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await screen.findByText('Location "Wrigley Field" saved successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Wrigley Field',
        address: '1060 W Addison St, Chicago, IL 60613, USA',
        city: 'Chicago',
        state: 'IL',
        zip: '60613',
        latitude: 41.948438,
        longitude: -87.655333,
      },
    ]);
    // Ready for the next venue.
    expect(screen.getByRole('combobox', { name: 'Search for a place' })).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Wrigley Field' })).not.toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('uses the new Places API when the legacy service is denied (keys created since March 2025)', async () => {
    const { inputs, newInputs, fetchedPlaces } = installFakeGoogle({
      predictionStatus: 'REQUEST_DENIED',
      detailsStatus: 'REQUEST_DENIED',
      newApi: true,
    });
    const bodies: unknown[] = [];
    apiServer.use(
      http.post(API('locations'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, data: { id: 'new-1', name: 'Wrigley Field' } }, { status: 201 });
      }),
    );
    const { user } = renderScreen();
    const box = await screen.findByRole('combobox', { name: 'Search for a place' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'Wrig');
    expect(await screen.findByRole('option', { name: /Wrigley Field/ }, { timeout: 3000 })).toBeInTheDocument();
    await user.type(box, 'ley');
    // The legacy service was asked once; the next search went straight to the new API.
    await waitFor(() => expect(newInputs).toEqual(['Wrig', 'Wrigley']), { timeout: 3000 });
    expect(inputs).toEqual(['Wrig']);
    await user.click(await screen.findByRole('option', { name: /Wrigley Field/ }, { timeout: 3000 }));

    const preview = await screen.findByRole('region', { name: 'Wrigley Field' });
    expect(preview).toHaveTextContent('1060 W Addison St, Chicago, IL 60613, USA');
    expect(preview).toHaveTextContent('41.948438, -87.655333');
    expect(screen.queryByText('Error fetching place suggestions')).not.toBeInTheDocument();
    // The details came from the new API too.
    expect(fetchedPlaces).toEqual(['wrigley-field-chicago-il']);

    await user.click(screen.getByRole('button', { name: 'Save Location' }));
    expect(await screen.findByText('Location "Wrigley Field" saved successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Wrigley Field',
        address: '1060 W Addison St, Chicago, IL 60613, USA',
        city: 'Chicago',
        state: 'IL',
        zip: '60613',
        latitude: 41.948438,
        longitude: -87.655333,
      },
    ]);
  });

  it("shows the server's reason when saving fails", async () => {
    installFakeGoogle();
    apiServer.use(
      http.post(API('locations'), () =>
        HttpResponse.json(
          { success: false, error: 'latitude must be a number', code: 'INVALID_INPUT', details: null },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderScreen();
    await choosePlace(user);
    await user.click(await screen.findByRole('button', { name: 'Save Location' }));
    expect(await screen.findByText('Failed to save location: latitude must be a number')).toBeInTheDocument();
    // The place stays chosen so the user can try again.
    expect(screen.getByRole('region', { name: 'Wrigley Field' })).toBeInTheDocument();
  });

  it.each([
    ['a JSON envelope without text', () => HttpResponse.json({ success: false }, { status: 503 }), 503],
    ['a page that is not JSON', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 }), 502],
  ])('shows the status when the server gives no reason (%s)', async (_kind, answer, status) => {
    installFakeGoogle();
    apiServer.use(http.post(API('locations'), answer));
    const { user } = renderScreen();
    await choosePlace(user);
    await user.click(await screen.findByRole('button', { name: 'Save Location' }));
    expect(await screen.findByText(`Failed to save location (${status})`)).toBeInTheDocument();
  });

  it('says the request timed out after 10 s', async () => {
    installFakeGoogle();
    apiServer.use(
      http.post(API('locations'), async () => {
        await delay('infinite');
        return HttpResponse.json({ success: true, data: {} });
      }),
    );
    const { user } = renderScreen();
    await choosePlace(user);
    await screen.findByRole('region', { name: 'Wrigley Field' });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Save Location' }));
      await act(() => jest.advanceTimersByTimeAsync(10_000));
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByText('Request timed out. Please try again.')).toBeInTheDocument();
  });

  it('says so when suggestions fail, but not when there are none', async () => {
    installFakeGoogle({ predictionStatus: 'REQUEST_DENIED' });
    const { user } = renderScreen();
    const box = await screen.findByRole('combobox', { name: 'Search for a place' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'Wrig');
    expect(await screen.findByText('Error fetching place suggestions', undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows no error for a search without results', async () => {
    const { inputs } = installFakeGoogle();
    const { user } = renderScreen();
    const box = await screen.findByRole('combobox', { name: 'Search for a place' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.type(box, 'Zzz');
    expect(await screen.findByText('No places found', undefined, { timeout: 3000 })).toBeInTheDocument();
    // Debounced (300 ms): the last request is for the whole word.
    expect(inputs.at(-1)).toBe('Zzz');
    expect(screen.queryByText('Error fetching place suggestions')).not.toBeInTheDocument();
  });

  it('says so when the chosen place cannot be read, and keeps Save disabled', async () => {
    installFakeGoogle({ detailsStatus: 'NOT_FOUND' });
    const { user } = renderScreen();
    await choosePlace(user);
    expect(await screen.findByText('Error processing selected place')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Location' })).toBeDisabled();
  });

  it('loads the maps script, showing that it is loading, then enables the search', async () => {
    renderScreen();
    expect(screen.getByRole('status')).toHaveTextContent('Loading location search...');
    expect(screen.getByRole('combobox', { name: 'Search for a place' })).toBeDisabled();
    const script = document.querySelector<HTMLScriptElement>('script[data-courtside-maps]');
    expect(script?.getAttribute('src')).toBe('/maps/places-standin.js?callback=__courtsideMapsReady');

    installFakeGoogle();
    win[MAPS_CALLBACK]?.();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search for a place' })).toBeEnabled());
    expect(screen.queryByText('Loading location search...')).not.toBeInTheDocument();
  });

  it('says the search could not start when the script fails', async () => {
    renderScreen();
    document.querySelector('script[data-courtside-maps]')?.dispatchEvent(new Event('error'));
    expect(await screen.findByText('Failed to initialize location search')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search for a place' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save Location' })).toBeDisabled();
  });
});
