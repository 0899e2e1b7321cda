import type { AddressComponent, PlaceDetails } from './placeToLocation';
import { coordinate, isObj, str, type Obj } from './placeValues';

/**
 * Reading what the new Places API (google.maps.places.AutocompleteSuggestion, Place) returns, for keys that
 * cannot use the legacy one (created since March 2025). Suggestions become the legacy prediction shape, so
 * use-places-autocomplete and readSuggestions take them unchanged; a fetched Place becomes PlaceDetails.
 */

/** What Place.fetchFields is asked for: the same four things the legacy details ask for (and the id). */
export const NEW_PLACE_FIELDS = ['id', 'displayName', 'formattedAddress', 'location', 'addressComponents'];

/** The legacy AutocompletePrediction fields the app reads (readSuggestions). */
export interface LegacyPrediction {
  place_id: string;
  description: string;
  structured_formatting: { main_text: string; secondary_text: string };
}

/** A FormattableText ({ text }) → its text; '' when absent. */
function text(value: unknown): string {
  return isObj(value) ? str(value.text) : '';
}

/** The place prediction of an AutocompleteSuggestion (query predictions have none), or null. */
export function placePredictionOf(suggestion: unknown): Obj | null {
  if (!isObj(suggestion) || !isObj(suggestion.placePrediction)) return null;
  return str(suggestion.placePrediction.placeId) ? suggestion.placePrediction : null;
}

/** AutocompleteSuggestion[] → legacy predictions; query predictions and entries without a place id are dropped. */
export function suggestionsToPredictions(suggestions: readonly unknown[]): LegacyPrediction[] {
  return suggestions.flatMap((suggestion) => {
    const prediction = placePredictionOf(suggestion);
    if (!prediction) return [];
    const mainText = text(prediction.mainText);
    const secondaryText = text(prediction.secondaryText);
    const description = text(prediction.text) || [mainText, secondaryText].filter(Boolean).join(', ');
    return [
      {
        place_id: str(prediction.placeId),
        description,
        structured_formatting: { main_text: mainText || description, secondary_text: secondaryText },
      },
    ];
  });
}

/** The new API's AddressComponent (longText, shortText, types) → the legacy one the rules read. */
function readComponent(value: unknown): AddressComponent | null {
  if (!isObj(value) || !Array.isArray(value.types)) return null;
  return {
    long_name: str(value.longText),
    short_name: str(value.shortText),
    types: value.types.filter((t): t is string => typeof t === 'string'),
  };
}

/** A Place after fetchFields → PlaceDetails; null when it has no usable location. */
export function readNewPlace(place: unknown, placeId: string): PlaceDetails | null {
  if (!isObj(place) || !isObj(place.location)) return null;
  const latitude = coordinate(place.location, 'lat');
  const longitude = coordinate(place.location, 'lng');
  if (latitude === null || longitude === null) return null;
  const components = Array.isArray(place.addressComponents) ? place.addressComponents : [];
  return {
    placeId: str(place.id) || placeId,
    name: str(place.displayName),
    formattedAddress: str(place.formattedAddress),
    latitude,
    longitude,
    addressComponents: components.map(readComponent).filter((c): c is AddressComponent => c !== null),
  };
}
