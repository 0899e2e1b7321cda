import { api } from '../../../api/apiSlice';

/** Body of POST /api/v1/events (docs/product/part-1.md §3 "Event payload on creation"). */
export interface EventPayload {
  name: string;
  sport: string;
  /** ISO, UTC. */
  startTime: string;
  /** ISO, UTC, or null without an end. */
  endTime: string | null;
  locationId: string;
}

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/v1/events (ADMIN, JSON); the result fields are not used (docs/product/part-1.md §7). */
    createEvent: build.mutation<null, EventPayload>({
      query: (body) => ({ url: 'events', method: 'POST', body }),
      transformResponse: () => null,
      invalidatesTags: [{ type: 'Event', id: 'LIST' }],
    }),
  }),
});

export const { useCreateEventMutation } = eventsApi;
