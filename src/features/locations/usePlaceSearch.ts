import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import usePlacesAutocomplete, { getDetails } from 'use-places-autocomplete';
import { STORAGE_PREFIX } from '../../app/storage';
import {
  isSuggestionFailure,
  readPlaceResult,
  readSuggestions,
  type PlaceDetails,
  type PlaceSuggestion,
} from './placeToLocation';
import { useMapsReady, type MapsStatus } from './useMapsReady';

/** What the place details are asked for (docs/product/part-1.md §7): display name, formatted address, location, address parts. */
const DETAIL_FIELDS = ['place_id', 'name', 'formatted_address', 'geometry.location', 'address_components'];

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

/** The place search of Add Location: use-places-autocomplete on the maps script that useMapsReady loads. */
export function usePlaceSearch(): PlaceSearch {
  const mapsStatus = useMapsReady();
  const { ready, value, suggestions, setValue, clearSuggestions, init } = usePlacesAutocomplete({
    initOnMount: false,
    debounce: 300,
    cacheKey: `${STORAGE_PREFIX}placeSuggestions`,
  });
  const [chosen, setChosen] = useState<PlaceSuggestion | null>(null);
  const [place, setPlace] = useState<PlaceDetails | null>(null);
  const [loadingPlace, setLoadingPlace] = useState(false);
  const [placeFailed, setPlaceFailed] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    if (mapsStatus === 'ready') init();
  }, [mapsStatus, init]);

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
      getDetails({ placeId: suggestion.placeId, fields: DETAIL_FIELDS })
        .then((result) => readPlaceResult(result, suggestion.placeId))
        .catch(() => null)
        .then((details) => {
          if (request.current !== id) return;
          setLoadingPlace(false);
          setPlace(details);
          setPlaceFailed(details === null);
        });
    },
    [setValue, clearSuggestions],
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
