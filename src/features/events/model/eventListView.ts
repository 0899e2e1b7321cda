import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toApiFailure } from '../../../api/apiErrors';
import type { ListErrorProps } from '../../../components/ListError';
import { eventsLoadError } from './eventListMessages';

/** What a list screen needs of an RTK Query hook's result. */
export interface QueryState {
  isError: boolean;
  error?: FetchBaseQueryError | SerializedError;
  refetch: () => unknown;
}

/**
 * The error state of a list fed by one or more queries (docs/product/part-2.md §8 "Events"): the first failure's
 * text, and a retry that asks again for each failed query (the others keep their answers). Null when nothing
 * failed, and when a query was refused for authentication (401): that stops the screen silently (§6), whatever
 * the other queries did, so the list keeps its skeleton (or the items it has) and no error box is shown.
 */
export function eventsLoadErrorOf(queries: readonly QueryState[]): ListErrorProps | null {
  const failed = queries.filter((q) => q.isError);
  if (failed.length === 0) return null;
  const shown = failed.map((q) => eventsLoadError(toApiFailure(q.error)));
  const first = shown[0];
  if (!first || shown.includes(null)) return null;
  return { ...first, onRetry: () => failed.forEach((q) => void q.refetch()) };
}
