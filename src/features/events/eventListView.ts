import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toApiFailure } from '../../api/apiErrors';
import type { ListErrorProps } from '../../components/ListError';
import { eventsLoadError } from './eventListErrors';

/** What a list screen needs of an RTK Query hook's result. */
export interface QueryState {
  isError: boolean;
  error?: FetchBaseQueryError | SerializedError;
  refetch: () => unknown;
}

/**
 * The error state of a list fed by one or more queries (docs/product/part-2.md §8 "Events"): the first failure's
 * text, and a retry that asks again for each failed query (the others keep their answers).
 */
export function eventsLoadErrorOf(queries: readonly QueryState[]): ListErrorProps | null {
  const failed = queries.filter((q) => q.isError);
  const first = failed[0];
  if (!first) return null;
  return {
    ...eventsLoadError(toApiFailure(first.error)),
    onRetry: () => failed.forEach((q) => void q.refetch()),
  };
}
