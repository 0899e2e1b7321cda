import { skipToken } from '@reduxjs/toolkit/query/react';
import * as v from 'valibot';
import { INVALID_RESPONSE, toApiFailure, type ApiFailure } from '../../../api/apiErrors';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';
import { locationSchema } from '../../../domain/location';
import type { ListErrorProps } from '../../../components/ListError';
import { distanceMiles, NEARBY_RADIUS_MILES, roundCoordinate } from '../../../lib/geo';
import { useDeviceLocation } from '../../geolocation/public';

/** A venue near the device (docs/product/part-2.md §3 "Location (venue)": id, name, address, distance). */
export interface NearbyLocation {
  id: string;
  name: string;
  /** The street address, else "city, state". */
  address: string;
  /** Miles from the device, to 0.1. */
  distanceMiles: number;
}

export interface NearbyLocationsArgs {
  lat: number;
  lng: number;
  /** Miles. */
  radius: number;
}

/**
 * A venue of the nearby list. Its coordinates are required: the distance is measured from them when the answer
 * leaves it out. `distance` is miles to 0.1 on a search near a point (the contract of /locations/search).
 */
const nearbyLocationSchema = v.object({
  ...v.pick(locationSchema, ['id', 'name', 'address', 'city', 'state', 'distance']).entries,
  latitude: v.number(),
  longitude: v.number(),
});
const nearbyLocationsResponseSchema = envelope(v.array(nearbyLocationSchema));

type RawNearbyLocation = v.InferOutput<typeof nearbyLocationSchema>;

export function toNearbyLocation(raw: RawNearbyLocation, from: { latitude: number; longitude: number }): NearbyLocation {
  const place = [raw.city, raw.state].filter(Boolean).join(', ');
  return {
    id: raw.id,
    name: raw.name || 'Unnamed Location',
    address: raw.address || place,
    distanceMiles: raw.distance ?? distanceMiles(from, { latitude: raw.latitude, longitude: raw.longitude }),
  };
}

/** docs/product/part-2.md §8 gives no text for venue lists: they say what the event lists say, about locations. */
export const LOCATIONS_UNREACHABLE =
  'Unable to connect to the server. Please check if the backend is running or try again later.';

/**
 * What the venue list shows when loading failed, as for the event lists (docs/product/part-2.md §8 "Events"). A 401
 * shows nothing (§6: an authentication failure stops the screens silently; the session is dealt with elsewhere).
 */
export function nearbyLocationsLoadError(failure: ApiFailure): Omit<ListErrorProps, 'onRetry'> | null {
  if (failure.status === 401) return null;
  if (failure.status === 'network' || failure.status === 'timeout') {
    return { message: LOCATIONS_UNREACHABLE, retryLabel: 'Try again' };
  }
  if (failure.status === 'invalid_response') return { message: INVALID_RESPONSE, retryLabel: 'Retry' };
  return { message: failure.serverMessage || `Failed to fetch locations: ${failure.status}`, retryLabel: 'Retry' };
}

export const nearbyLocationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/locations/search?near={lat},{lng}&radius={miles} (docs/product/part-2.md §7), nearest first. */
    getNearbyLocations: build.query<NearbyLocation[], NearbyLocationsArgs>({
      query: ({ lat, lng, radius }) => ({ url: 'locations/search', params: { near: `${lat},${lng}`, radius: String(radius) } }),
      rawResponseSchema: nearbyLocationsResponseSchema,
      transformResponse: (raw: v.InferOutput<typeof nearbyLocationsResponseSchema>, _meta, { lat, lng }) =>
        raw.data
          .map((location) => toNearbyLocation(location, { latitude: lat, longitude: lng }))
          .sort((a, b) => a.distanceMiles - b.distanceMiles),
      providesTags: (result) => [
        { type: 'Location', id: 'LIST' },
        ...(result ?? []).map((l) => ({ type: 'Location' as const, id: l.id })),
      ],
    }),
  }),
});

export const { useGetNearbyLocationsQuery } = nearbyLocationsApi;

/** Nearby Locations: the device's location, then the venues within NEARBY_RADIUS_MILES of it. */
export function useNearbyLocations() {
  const device = useDeviceLocation();
  const at = device.location;
  const query = useGetNearbyLocationsQuery(
    at ? { lat: roundCoordinate(at.latitude), lng: roundCoordinate(at.longitude), radius: NEARBY_RADIUS_MILES } : skipToken,
  );
  const shown = query.isError ? nearbyLocationsLoadError(toApiFailure(query.error)) : null;
  const error: ListErrorProps | null = shown && { ...shown, onRetry: () => void query.refetch() };
  return { device, items: query.data, loading: query.isFetching, error };
}
