import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import usePlacesAutocomplete from 'use-places-autocomplete';
import { STORAGE_PREFIX } from '../../../app/storage';
import { isSuggestionFailure, readSuggestions, type PlaceDetails, type PlaceSuggestion } from '../model/placeToLocation';
import { asGoogleMaps, createPlacesClient, pagePlaces } from '../api/placesClient';
import { useMapsReady, type MapsStatus } from './useMapsReady';

export interface PlaceSearch {
  mapsStatus: MapsStatus;
  /** The maps script is loaded and the autocomplete service is set up. */
  ready: boolean;
  query: string;
  /** Typing: sets the text and asks for suggestions (debounced 300 ms). */
  setQuery: (text: string) => void;
  suggestions: PlaceSuggestion[];
  searching: boolean;
  suggestionsFailed: boolean;
  noResults: boolean;
  chosen: PlaceSuggestion | null;
  /** Picks a suggestion and fetches its details; null clears the choice. */
  choose: (suggestion: PlaceSuggestion | null) => void;
  place: PlaceDetails | null;
  loadingPlace: boolean;
  placeFailed: boolean;
  /** Empties the box, the suggestions and the chosen place (after a save). */
  clear: () => void;
}

/**
 * The place search of Add Location: use-places-autocomplete on the maps script that useMapsReady loads, its
 * autocomplete service being the places client (legacy service first, the new Places API once it is denied).
 */
export function usePlaceSearch(): PlaceSearch {
  const mapsStatus = useMapsReady();
  const client = useMemo(() => {
    const places = mapsStatus === 'ready' ? pagePlaces() : null;
    return places ? createPlacesClient(places) : null;
  }, [mapsStatus]);
  const googleMaps = useMemo(() => (client ? asGoogleMaps(client) : undefined), [client]);
  const { ready, value, suggestions, setValue, clearSuggestions, init } = usePlacesAutocomplete({
    initOnMount: false,
    debounce: 300,
    cacheKey: `${STORAGE_PREFIX}placeSuggestions`,
    googleMaps,
  });
  const [chosen, setChosen] = useState<PlaceSuggestion | null>(null);
  const [place, setPlace] = useState<PlaceDetails | null>(null);
  const [loadingPlace, setLoadingPlace] = useState(false);
  const [placeFailed, setPlaceFailed] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    if (client) init();
  }, [client, init]);

  const choose = useCallback(
    (suggestion: PlaceSuggestion | null) => {
      request.current += 1;
      const id = request.current;
      setChosen(suggestion);
      setPlace(null);
      setPlaceFailed(false);
      if (!suggestion) {
        setLoadingPlace(false);
        return;
      }
      setValue(suggestion.description, false);
      clearSuggestions();
      setLoadingPlace(true);
      (client ? client.fetchDetails(suggestion.placeId) : Promise.resolve(null))
        .catch(() => null)
        .then((details) => {
          if (request.current !== id) return;
          setLoadingPlace(false);
          setPlace(details);
          setPlaceFailed(details === null);
        });
    },
    [client, setValue, clearSuggestions],
  );

  const setQuery = useCallback(
    (text: string) => {
      setValue(text);
      if (chosen) choose(null);
    },
    [setValue, chosen, choose],
  );

  const clear = useCallback(() => {
    choose(null);
    setValue('', false);
    clearSuggestions();
  }, [choose, setValue, clearSuggestions]);

  const list = useMemo(() => readSuggestions(suggestions.data), [suggestions.data]);

  return {
    mapsStatus,
    ready: mapsStatus === 'ready' && ready,
    query: value,
    setQuery,
    suggestions: list,
    searching: suggestions.loading,
    suggestionsFailed: isSuggestionFailure(suggestions.status),
    noResults: suggestions.status === 'ZERO_RESULTS',
    chosen,
    choose,
    place,
    loadingPlace,
    placeFailed,
    clear,
  };
}
