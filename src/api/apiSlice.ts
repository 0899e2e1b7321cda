import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';
import { schemaFailure } from './schemaFailure';

/**
 * The one API slice. Features add their calls with `api.injectEndpoints`; lists are tagged
 * `{ type, id: 'LIST' }` and items `{ type, id }` so a mutation invalidates exactly what it changed.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  // `EventClips` is one event's clips (id: the event's id, or 'UNASSOCIATED' for clips without one); `Share` is one
  // highlight's share links (id: the highlight's id), or every shared highlight ('LIST').
  tagTypes: ['Location', 'Event', 'Clip', 'EventClips', 'Tag', 'Highlight', 'Share'],
  endpoints: () => ({}),
  // A response that does not match its schema is an ordinary, typed error, not a thrown exception.
  catchSchemaFailure: (error) => schemaFailure(error),
});
