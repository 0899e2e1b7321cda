/**
 * Pure rules of Add Location (docs/product/part-1.md §3 "Place data", "Location payload"): reading what the maps
 * service returns, and turning a chosen place into the payload of POST /api/v1/locations.
 */

import { coordinate, isObj, str } from './placeValues';

export const UNNAMED_LOCATION = 'Unnamed Location';

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

/** A suggestion of the place search, as the screen shows it. */
export interface PlaceSuggestion {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

/** The details of a chosen place. */
export interface PlaceDetails {
  placeId: string;
  name: string;
  formattedAddress: string;
  latitude: number;
  longitude: number;
  addressComponents: AddressComponent[];
}

/** Body of POST /api/v1/locations. */
export interface LocationPayload {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

export interface AddressParts {
  city: string;
  state: string;
  zip: string;
}

/** locality is the city, administrative_area_level_1 (short name) the state, postal_code the zip. */
export function addressParts(components: readonly AddressComponent[]): AddressParts {
  const find = (type: string) => components.find((c) => c.types.includes(type));
  return {
    city: find('locality')?.long_name ?? '',
    state: find('administrative_area_level_1')?.short_name ?? '',
    zip: find('postal_code')?.long_name ?? '',
  };
}

export function placeToLocation(place: PlaceDetails): LocationPayload {
  return {
    name: place.name.trim() || UNNAMED_LOCATION,
    address: place.formattedAddress,
    ...addressParts(place.addressComponents),
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

function readComponent(value: unknown): AddressComponent | null {
  if (!isObj(value) || !Array.isArray(value.types)) return null;
  return {
    long_name: str(value.long_name),
    short_name: str(value.short_name),
    types: value.types.filter((t): t is string => typeof t === 'string'),
  };
}

/** The maps service's PlaceResult → PlaceDetails; null when it has no usable location. */
export function readPlaceResult(result: unknown, placeId: string): PlaceDetails | null {
  if (!isObj(result) || !isObj(result.geometry) || !isObj(result.geometry.location)) return null;
  const latitude = coordinate(result.geometry.location, 'lat');
  const longitude = coordinate(result.geometry.location, 'lng');
  if (latitude === null || longitude === null) return null;
  const components = Array.isArray(result.address_components) ? result.address_components : [];
  return {
    placeId: str(result.place_id) || placeId,
    name: str(result.name),
    formattedAddress: str(result.formatted_address),
    latitude,
    longitude,
    addressComponents: components.map(readComponent).filter((c): c is AddressComponent => c !== null),
  };
}

/** The maps service's predictions → suggestions; entries without a place id are dropped. */
export function readSuggestions(predictions: readonly unknown[]): PlaceSuggestion[] {
  return predictions.flatMap((p) => {
    if (!isObj(p) || !str(p.place_id)) return [];
    const formatting = isObj(p.structured_formatting) ? p.structured_formatting : {};
    const description = str(p.description);
    return [
      {
        placeId: str(p.place_id),
        description,
        mainText: str(formatting.main_text) || description,
        secondaryText: str(formatting.secondary_text),
      },
    ];
  });
}

/** Statuses of the autocomplete service that are not failures ('' = nothing asked yet). */
export function isSuggestionFailure(status: string): boolean {
  return status !== '' && status !== 'OK' && status !== 'ZERO_RESULTS';
}
