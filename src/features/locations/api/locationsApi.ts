import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';
import { locationSchema } from '../../../domain/location';
import { DEFAULT_VENUE_ZONE } from '../../../lib/venueTime';
import type { LocationPayload } from '../model/placeToLocation';

/** docs/product/part-1.md §9: location-save timeout. */
export const SAVE_LOCATION_TIMEOUT_MS = 10_000;

/** A location as search results show it (docs/product/part-1.md §3 "Location read from search"). */
export interface LocationSummary {
  id: string;
  name: string;
  timezone: string;
  address: string;
}

/** The event form reads what it shows of each location. */
const searchedLocationSchema = v.pick(locationSchema, ['id', 'name', 'timezone', 'address']);
const searchSchema = envelope(v.array(searchedLocationSchema));

export function toLocationSummary(raw: v.InferOutput<typeof searchedLocationSchema>): LocationSummary {
  return {
    id: raw.id,
    name: raw.name ?? '',
    // docs/product/part-1.md §3: a location without a zone is in America/Chicago.
    timezone: raw.timezone || DEFAULT_VENUE_ZONE,
    address: raw.address ?? '',
  };
}

export const locationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/locations (ADMIN, 10 s); the answer is not used (docs/product/part-1.md §7). */
    createLocation: build.mutation<null, LocationPayload>({
      query: (body) => ({ url: 'locations', method: 'POST', body, timeout: SAVE_LOCATION_TIMEOUT_MS }),
      transformResponse: () => null,
      invalidatesTags: [{ type: 'Location', id: 'LIST' }],
    }),
    /** GET /api/v1/locations/search?q= */
    searchLocations: build.query<LocationSummary[], string>({
      query: (q) => ({ url: 'locations/search', params: { q } }),
      rawResponseSchema: searchSchema,
      transformResponse: (raw: v.InferOutput<typeof searchSchema>) => raw.data.map(toLocationSummary),
      providesTags: (result) => [
        { type: 'Location', id: 'LIST' },
        ...(result ?? []).map((l) => ({ type: 'Location' as const, id: l.id })),
      ],
    }),
  }),
});

export const { useCreateLocationMutation, useLazySearchLocationsQuery } = locationsApi;
