import { NEW_PLACE_FIELDS, placePredictionOf, readNewPlace, suggestionsToPredictions } from '../model/newPlaces';
import { readPlaceResult, type PlaceDetails } from '../model/placeToLocation';

/**
 * The place search's two ways to the maps service. The legacy Places service (AutocompleteService,
 * PlacesService#getDetails: what use-places-autocomplete calls) goes first; keys created since March 2025
 * cannot enable it and get REQUEST_DENIED, and then the new Places API (AutocompleteSuggestion, Place) answers
 * instead — for the rest of the page's life, the legacy service is not asked again.
 */

/** The legacy details fields (docs/product/part-1.md §7): display name, formatted address, location, address parts. */
export const LEGACY_DETAIL_FIELDS = ['place_id', 'name', 'formatted_address', 'geometry.location', 'address_components'];

export type PlacesRoute = 'legacy' | 'new';

/** Which way the page's place searches go; shared by every client of the page. */
export interface RouteMemory {
  route: PlacesRoute;
}

/** AutocompleteService#getPlacePredictions' callback: predictions (or null) and a PlacesServiceStatus. */
export type PredictionsCallback = (predictions: unknown[] | null, status: string) => void;

interface PredictionsRequest {
  input: string;
}

interface NewPlace {
  fetchFields(options: { fields: string[] }): Promise<unknown>;
}

/** The part of google.maps.places the search uses; the new API's classes are absent from older scripts. */
export interface MapsPlaces {
  AutocompleteService: new () => {
    getPlacePredictions(request: PredictionsRequest, callback: PredictionsCallback): unknown;
  };
  PlacesService: new (attributions: HTMLElement) => {
    getDetails(request: { placeId: string; fields: string[] }, callback: (result: unknown, status: string) => void): unknown;
  };
  AutocompleteSessionToken?: new () => unknown;
  AutocompleteSuggestion?: {
    fetchAutocompleteSuggestions(request: { input: string; sessionToken?: unknown }): Promise<unknown>;
  };
  Place?: new (options: { id: string }) => NewPlace;
}

export interface PlacesClient {
  /** AutocompleteService#getPlacePredictions' contract: the callback is called once, later. */
  getPlacePredictions: (request: PredictionsRequest, callback: PredictionsCallback) => void;
  /** The chosen place's details; null when they cannot be had or have no usable location. */
  fetchDetails: (placeId: string) => Promise<PlaceDetails | null>;
}

/** True when the script has the new Places API (suggestions and Place details). */
export function hasNewPlacesApi(places: MapsPlaces): boolean {
  return typeof places.AutocompleteSuggestion?.fetchAutocompleteSuggestions === 'function' && typeof places.Place === 'function';
}

/**
 * The way after a legacy answer: a denied legacy service moves the page to the new API when the script has it;
 * any other answer (OK, ZERO_RESULTS, OVER_QUERY_LIMIT, …) keeps the way it is.
 */
export function nextRoute(route: PlacesRoute, legacyStatus: string, newApiAvailable: boolean): PlacesRoute {
  return route === 'legacy' && legacyStatus === 'REQUEST_DENIED' && newApiAvailable ? 'new' : route;
}

const pageRoute: RouteMemory = { route: 'legacy' };

/** Tests only: the page starts on the legacy service again. */
export function resetPlacesRouteForTests(): void {
  pageRoute.route = 'legacy';
}

/** google.maps.places of the loaded maps script, or null before it is loaded. */
export function pagePlaces(win: Window = window): MapsPlaces | null {
  const places = (win as unknown as { google?: { maps?: { places?: MapsPlaces } } }).google?.maps?.places;
  return places ?? null;
}

interface Answer {
  data: unknown[] | null;
  status: string;
}

export function createPlacesClient(places: MapsPlaces, memory: RouteMemory = pageRoute): PlacesClient {
  const newApiAvailable = hasNewPlacesApi(places);
  let legacyService: InstanceType<MapsPlaces['AutocompleteService']> | null = null;
  /** One session token from the first keystroke to the chosen place's details (new API billing sessions). */
  let sessionToken: unknown = null;
  /** The place predictions of this session by place id: their toPlace() ends the session with the details. */
  const predictions = new Map<string, { toPlace?: unknown }>();

  const legacyPredictions = (request: PredictionsRequest): Promise<Answer> =>
    new Promise<Answer>((resolve) => {
      legacyService ??= new places.AutocompleteService();
      const promise = legacyService.getPlacePredictions(request, (data, status) => resolve({ data, status }));
      // Google's also returns a Promise, rejected when the status is not OK: the callback has the answer.
      if (typeof (promise as PromiseLike<unknown> | undefined)?.then === 'function') {
        Promise.resolve(promise).catch(() => undefined);
      }
    }).catch(() => ({ data: null, status: 'UNKNOWN_ERROR' }));

  const newPredictions = async (input: string): Promise<Answer> => {
    if (sessionToken === null && places.AutocompleteSessionToken) sessionToken = new places.AutocompleteSessionToken();
    try {
      const answer: unknown = await places.AutocompleteSuggestion?.fetchAutocompleteSuggestions(
        sessionToken === null ? { input } : { input, sessionToken },
      );
      const suggestions = (answer as { suggestions?: unknown } | undefined)?.suggestions;
      const list: unknown[] = Array.isArray(suggestions) ? suggestions : [];
      for (const suggestion of list) {
        const prediction = placePredictionOf(suggestion);
        if (prediction) predictions.set(String(prediction.placeId), prediction);
      }
      const data = suggestionsToPredictions(list);
      return data.length ? { data, status: 'OK' } : { data: null, status: 'ZERO_RESULTS' };
    } catch {
      return { data: null, status: 'UNKNOWN_ERROR' };
    }
  };

  const predictionsFor = async (request: PredictionsRequest): Promise<Answer> => {
    if (memory.route === 'legacy' || !newApiAvailable) {
      const answer = await legacyPredictions(request);
      if (nextRoute('legacy', answer.status, newApiAvailable) === 'legacy') return answer;
      memory.route = 'new';
    }
    return newPredictions(request.input);
  };

  const legacyDetails = (placeId: string): Promise<{ result: unknown; status: string }> =>
    new Promise<{ result: unknown; status: string }>((resolve) => {
      new places.PlacesService(document.createElement('div')).getDetails(
        { placeId, fields: LEGACY_DETAIL_FIELDS },
        (result, status) => resolve({ result, status }),
      );
    }).catch(() => ({ result: null, status: 'UNKNOWN_ERROR' }));

  /** The prediction's own Place (it carries the session token) or, for a suggestion from the cache, a Place by id. */
  const placeFor = (prediction: { toPlace?: unknown } | undefined, placeId: string): NewPlace | null => {
    if (prediction && typeof prediction.toPlace === 'function') return (prediction as { toPlace: () => NewPlace }).toPlace();
    return places.Place ? new places.Place({ id: placeId }) : null;
  };

  const newDetails = async (placeId: string): Promise<PlaceDetails | null> => {
    const prediction = predictions.get(placeId);
    predictions.clear();
    sessionToken = null;
    try {
      const place = placeFor(prediction, placeId);
      if (!place) return null;
      const answer = (await place.fetchFields({ fields: NEW_PLACE_FIELDS })) as { place?: unknown } | undefined;
      return readNewPlace(answer?.place ?? place, placeId);
    } catch {
      return null;
    }
  };

  return {
    getPlacePredictions: (request, callback) => {
      void predictionsFor(request).then(({ data, status }) => callback(data, status));
    },
    fetchDetails: async (placeId) => {
      if (memory.route === 'legacy' || !newApiAvailable) {
        const { result, status } = await legacyDetails(placeId);
        if (nextRoute('legacy', status, newApiAvailable) === 'legacy') {
          return status === 'OK' ? readPlaceResult(result, placeId) : null;
        }
        memory.route = 'new';
      }
      return newDetails(placeId);
    },
  };
}

/** The places library as use-places-autocomplete sees it (its googleMaps option): its AutocompleteService is the client. */
export function asGoogleMaps(client: PlacesClient): { places: { AutocompleteService: new () => unknown } } {
  return {
    places: {
      AutocompleteService: class {
        getPlacePredictions = client.getPlacePredictions;
      },
    },
  };
}
