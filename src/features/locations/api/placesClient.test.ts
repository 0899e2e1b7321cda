import { NEW_PLACE_FIELDS } from '../model/newPlaces';
import {
  asGoogleMaps,
  createPlacesClient,
  hasNewPlacesApi,
  LEGACY_DETAIL_FIELDS,
  nextRoute,
  type MapsPlaces,
  type PlacesClient,
  type RouteMemory,
} from './placesClient';

const LEGACY_PREDICTION = {
  place_id: 'wrigley-field-chicago-il',
  description: 'Wrigley Field, 1060 W Addison St, Chicago, IL, USA',
  structured_formatting: { main_text: 'Wrigley Field', secondary_text: '1060 W Addison St, Chicago, IL, USA' },
};

const LEGACY_DETAILS = {
  place_id: 'wrigley-field-chicago-il',
  name: 'Wrigley Field',
  formatted_address: '1060 W Addison St, Chicago, IL 60613, USA',
  geometry: { location: { lat: () => 41.948438, lng: () => -87.655333 } },
  address_components: [{ long_name: 'Chicago', short_name: 'Chicago', types: ['locality'] }],
};

const NEW_FIELDS = {
  displayName: 'Wrigley Field',
  formattedAddress: '1060 W Addison St, Chicago, IL 60613, USA',
  location: { lat: () => 41.948438, lng: () => -87.655333 },
  addressComponents: [{ longText: 'Chicago', shortText: 'Chicago', types: ['locality'] }],
};

const WRIGLEY_DETAILS = {
  placeId: 'wrigley-field-chicago-il',
  name: 'Wrigley Field',
  formattedAddress: '1060 W Addison St, Chicago, IL 60613, USA',
  latitude: 41.948438,
  longitude: -87.655333,
  addressComponents: [{ long_name: 'Chicago', short_name: 'Chicago', types: ['locality'] }],
};

interface FakeOptions {
  /** What the legacy service answers (both suggestions and details). */
  legacyStatus?: string;
  /** Whether the script has the new Places API. */
  newApi?: boolean;
  /** The new API's suggestions fail (a rejected Promise, as Google's MapsRequestError). */
  newSuggestionsFail?: boolean;
  newSuggestionsEmpty?: boolean;
  /** fetchFields fails, or fills in no location. */
  newDetails?: 'ok' | 'fail' | 'no-location';
}

/** Fakes of both APIs, answering asynchronously as Google's do, recording what they were asked. */
function fakePlaces({
  legacyStatus = 'OK',
  newApi = true,
  newSuggestionsFail = false,
  newSuggestionsEmpty = false,
  newDetails = 'ok',
}: FakeOptions = {}) {
  const asked = {
    legacyPredictions: [] as string[],
    legacyDetails: [] as { placeId: string; fields: string[] }[],
    newSuggestions: [] as { input: string; sessionToken?: unknown }[],
    placesMade: [] as string[],
    toPlace: [] as string[],
    fetchFields: [] as { id: string; fields: string[] }[],
  };
  class AutocompleteService {
    getPlacePredictions(request: { input: string }, callback: (data: unknown[] | null, status: string) => void) {
      asked.legacyPredictions.push(request.input);
      setTimeout(() => callback(legacyStatus === 'OK' ? [LEGACY_PREDICTION] : null, legacyStatus), 0);
      return legacyStatus === 'OK'
        ? Promise.resolve({ predictions: [LEGACY_PREDICTION] })
        : Promise.reject(new Error(legacyStatus));
    }
  }
  class PlacesService {
    getDetails(request: { placeId: string; fields: string[] }, callback: (result: unknown, status: string) => void) {
      asked.legacyDetails.push(request);
      setTimeout(() => callback(legacyStatus === 'OK' ? LEGACY_DETAILS : null, legacyStatus), 0);
    }
  }
  let tokens = 0;
  class AutocompleteSessionToken {
    readonly n = ++tokens;
  }
  class Place {
    [field: string]: unknown;
    constructor({ id }: { id: string }) {
      this.id = id;
      asked.placesMade.push(id);
    }
    async fetchFields({ fields }: { fields: string[] }) {
      asked.fetchFields.push({ id: String(this.id), fields });
      await Promise.resolve();
      if (newDetails === 'fail') throw Object.assign(new Error('NOT_FOUND'), { code: 'NOT_FOUND' });
      Object.assign(this, NEW_FIELDS, newDetails === 'no-location' ? { location: null } : {});
      return { place: this };
    }
  }
  const AutocompleteSuggestion = {
    async fetchAutocompleteSuggestions(request: { input: string; sessionToken?: unknown }) {
      asked.newSuggestions.push(request);
      await Promise.resolve();
      if (newSuggestionsFail) throw Object.assign(new Error('REQUEST_DENIED'), { code: 'REQUEST_DENIED' });
      if (newSuggestionsEmpty) return { suggestions: [] };
      return {
        suggestions: [
          {
            placePrediction: {
              placeId: LEGACY_PREDICTION.place_id,
              text: { text: LEGACY_PREDICTION.description },
              mainText: { text: 'Wrigley Field' },
              secondaryText: { text: '1060 W Addison St, Chicago, IL, USA' },
              toPlace() {
                asked.toPlace.push(this.placeId);
                return new Place({ id: this.placeId });
              },
            },
          },
        ],
      };
    },
  };
  const places: MapsPlaces = newApi
    ? { AutocompleteService, PlacesService, AutocompleteSessionToken, AutocompleteSuggestion, Place }
    : { AutocompleteService, PlacesService, AutocompleteSessionToken };
  return { places, asked };
}

function predictions(client: PlacesClient, input: string): Promise<{ data: unknown[] | null; status: string }> {
  return new Promise((resolve) => client.getPlacePredictions({ input }, (data, status) => resolve({ data, status })));
}

let memory: RouteMemory;
beforeEach(() => {
  memory = { route: 'legacy' };
});

describe('nextRoute', () => {
  it.each([
    ['legacy', 'REQUEST_DENIED', true, 'new'],
    ['legacy', 'REQUEST_DENIED', false, 'legacy'],
    ['legacy', 'OK', true, 'legacy'],
    ['legacy', 'ZERO_RESULTS', true, 'legacy'],
    ['legacy', 'OVER_QUERY_LIMIT', true, 'legacy'],
    ['legacy', 'UNKNOWN_ERROR', true, 'legacy'],
    ['new', 'OK', true, 'new'],
  ] as const)('from %s, a legacy %s (new API there: %s) → %s', (route, status, available, expected) => {
    expect(nextRoute(route, status, available)).toBe(expected);
  });
});

describe('hasNewPlacesApi', () => {
  it('needs both AutocompleteSuggestion.fetchAutocompleteSuggestions and Place', () => {
    expect(hasNewPlacesApi(fakePlaces().places)).toBe(true);
    expect(hasNewPlacesApi(fakePlaces({ newApi: false }).places)).toBe(false);
    const { places } = fakePlaces();
    expect(hasNewPlacesApi({ ...places, Place: undefined })).toBe(false);
  });
});

describe('createPlacesClient: suggestions', () => {
  it('uses the legacy service while it answers, and never the new API', async () => {
    const { places, asked } = fakePlaces();
    const client = createPlacesClient(places, memory);
    expect(await predictions(client, 'Wrig')).toEqual({ data: [LEGACY_PREDICTION], status: 'OK' });
    expect(await predictions(client, 'Wrigley')).toEqual({ data: [LEGACY_PREDICTION], status: 'OK' });
    expect(asked.legacyPredictions).toEqual(['Wrig', 'Wrigley']);
    expect(asked.newSuggestions).toEqual([]);
    expect(memory.route).toBe('legacy');
  });

  it('answers a denied legacy request from the new API, in the legacy shape, and stays on it', async () => {
    const { places, asked } = fakePlaces({ legacyStatus: 'REQUEST_DENIED' });
    const client = createPlacesClient(places, memory);
    expect(await predictions(client, 'Wrig')).toEqual({ data: [LEGACY_PREDICTION], status: 'OK' });
    expect(memory.route).toBe('new');
    expect(await predictions(client, 'Wrigl')).toEqual({ data: [LEGACY_PREDICTION], status: 'OK' });
    expect(await predictions(client, 'Wrigley')).toEqual({ data: [LEGACY_PREDICTION], status: 'OK' });
    // The legacy service was asked once; every keystroke after went straight to the new API.
    expect(asked.legacyPredictions).toEqual(['Wrig']);
    expect(asked.newSuggestions.map((r) => r.input)).toEqual(['Wrig', 'Wrigl', 'Wrigley']);
    // One session token for the whole search.
    const [first, ...rest] = asked.newSuggestions.map((r) => r.sessionToken);
    expect(first).toBeInstanceOf(places.AutocompleteSessionToken!);
    rest.forEach((token) => expect(token).toBe(first));
  });

  it('remembers the way for the page: a later client (the screen mounted again) does not ask the legacy service', async () => {
    const first = fakePlaces({ legacyStatus: 'REQUEST_DENIED' });
    await predictions(createPlacesClient(first.places, memory), 'Wrig');
    const again = fakePlaces({ legacyStatus: 'REQUEST_DENIED' });
    expect(await predictions(createPlacesClient(again.places, memory), 'Wrig')).toMatchObject({ status: 'OK' });
    expect(again.asked.legacyPredictions).toEqual([]);
    expect(again.asked.newSuggestions).toHaveLength(1);
  });

  it('passes REQUEST_DENIED on when the script has no new API, and asks the legacy service again next time', async () => {
    const { places, asked } = fakePlaces({ legacyStatus: 'REQUEST_DENIED', newApi: false });
    const client = createPlacesClient(places, memory);
    expect(await predictions(client, 'Wrig')).toEqual({ data: null, status: 'REQUEST_DENIED' });
    expect(await predictions(client, 'Wrigley')).toEqual({ data: null, status: 'REQUEST_DENIED' });
    expect(asked.legacyPredictions).toEqual(['Wrig', 'Wrigley']);
    expect(memory.route).toBe('legacy');
  });

  it('asks the legacy service when the page went to the new API but this script has none', async () => {
    memory.route = 'new';
    const { places, asked } = fakePlaces({ newApi: false });
    const client = createPlacesClient(places, memory);
    expect(await predictions(client, 'Wrig')).toEqual({ data: [LEGACY_PREDICTION], status: 'OK' });
    expect(await client.fetchDetails('wrigley-field-chicago-il')).toEqual(WRIGLEY_DETAILS);
    expect(asked.legacyPredictions).toEqual(['Wrig']);
    expect(asked.legacyDetails).toHaveLength(1);
  });

  it.each(['ZERO_RESULTS', 'OVER_QUERY_LIMIT', 'INVALID_REQUEST', 'UNKNOWN_ERROR'])(
    'does not fall back on a legacy %s',
    async (status) => {
      const { places, asked } = fakePlaces({ legacyStatus: status });
      const client = createPlacesClient(places, memory);
      expect(await predictions(client, 'Wrig')).toEqual({ data: null, status });
      expect(asked.newSuggestions).toEqual([]);
      expect(memory.route).toBe('legacy');
    },
  );

  it('says ZERO_RESULTS for no new suggestions and UNKNOWN_ERROR for a failed request, staying on the new API', async () => {
    memory.route = 'new';
    const empty = fakePlaces({ newSuggestionsEmpty: true });
    expect(await predictions(createPlacesClient(empty.places, memory), 'Zzz')).toEqual({ data: null, status: 'ZERO_RESULTS' });
    const failing = fakePlaces({ newSuggestionsFail: true });
    expect(await predictions(createPlacesClient(failing.places, memory), 'Wrig')).toEqual({
      data: null,
      status: 'UNKNOWN_ERROR',
    });
    expect(memory.route).toBe('new');
    expect(empty.asked.legacyPredictions).toEqual([]);
    expect(failing.asked.legacyPredictions).toEqual([]);
  });

  it('is the AutocompleteService use-places-autocomplete constructs (its googleMaps option)', async () => {
    const { places } = fakePlaces();
    const service = new (asGoogleMaps(createPlacesClient(places, memory)).places.AutocompleteService)() as PlacesClient;
    await expect(predictions(service, 'Wrig')).resolves.toEqual({ data: [LEGACY_PREDICTION], status: 'OK' });
  });
});

describe('createPlacesClient: details', () => {
  it('reads the legacy details while the legacy service answers', async () => {
    const { places, asked } = fakePlaces();
    const client = createPlacesClient(places, memory);
    expect(await client.fetchDetails('wrigley-field-chicago-il')).toEqual(WRIGLEY_DETAILS);
    expect(asked.legacyDetails).toEqual([{ placeId: 'wrigley-field-chicago-il', fields: LEGACY_DETAIL_FIELDS }]);
    expect(asked.fetchFields).toEqual([]);
  });

  it('gives null for legacy details that are not OK (other than denied), without the new API', async () => {
    const { places, asked } = fakePlaces({ legacyStatus: 'NOT_FOUND' });
    expect(await createPlacesClient(places, memory).fetchDetails('gone')).toBeNull();
    expect(asked.fetchFields).toEqual([]);
    expect(memory.route).toBe('legacy');
  });

  it("fetches the new Place from the chosen suggestion's prediction (ending the session) once on the new API", async () => {
    const { places, asked } = fakePlaces({ legacyStatus: 'REQUEST_DENIED' });
    const client = createPlacesClient(places, memory);
    await predictions(client, 'Wrig');
    expect(await client.fetchDetails('wrigley-field-chicago-il')).toEqual(WRIGLEY_DETAILS);
    expect(asked.legacyDetails).toEqual([]);
    expect(asked.toPlace).toEqual(['wrigley-field-chicago-il']);
    expect(asked.fetchFields).toEqual([{ id: 'wrigley-field-chicago-il', fields: NEW_PLACE_FIELDS }]);
    // The next search is a new session.
    await predictions(client, 'Lamb');
    const [first, second] = asked.newSuggestions.map((r) => r.sessionToken);
    expect(second).not.toBe(first);
  });

  it('falls back for details too (a suggestion from the cache) with a Place by id, and remembers it', async () => {
    const { places, asked } = fakePlaces({ legacyStatus: 'REQUEST_DENIED' });
    const client = createPlacesClient(places, memory);
    expect(await client.fetchDetails('wrigley-field-chicago-il')).toEqual(WRIGLEY_DETAILS);
    expect(asked.legacyDetails).toHaveLength(1);
    expect(asked.placesMade).toEqual(['wrigley-field-chicago-il']);
    expect(memory.route).toBe('new');
    await client.fetchDetails('wrigley-field-chicago-il');
    expect(asked.legacyDetails).toHaveLength(1);
  });

  it('gives null when fetchFields fails or the place has no location', async () => {
    memory.route = 'new';
    expect(await createPlacesClient(fakePlaces({ newDetails: 'fail' }).places, memory).fetchDetails('x')).toBeNull();
    expect(await createPlacesClient(fakePlaces({ newDetails: 'no-location' }).places, memory).fetchDetails('x')).toBeNull();
  });
});
