import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { readErrorBody } from './envelope';

/** The error every failed call ends as, whatever failed. */
export interface ApiFailure {
  /** HTTP status, or a transport failure. */
  status: number | 'network' | 'timeout' | 'invalid_response' | 'unknown';
  /** The server's error text, when it sent one. */
  serverMessage: string | null;
  code: string | null;
  details: unknown;
}

/** What a malformed answer shows, whatever the call (docs/product/part-2.md §8 names it for clips). */
export const INVALID_RESPONSE = 'Unexpected response format';

export function toApiFailure(error: FetchBaseQueryError | SerializedError | undefined | null): ApiFailure {
  if (!error) return { status: 'unknown', serverMessage: null, code: null, details: null };
  if (!('status' in error)) return { status: 'unknown', serverMessage: error.message ?? null, code: null, details: null };
  switch (error.status) {
    case 'FETCH_ERROR':
      return { status: 'network', serverMessage: null, code: null, details: null };
    case 'TIMEOUT_ERROR':
      return { status: 'timeout', serverMessage: null, code: null, details: null };
    case 'PARSING_ERROR':
      // A refusal whose body is not JSON (a proxy's error page) still has its HTTP status.
      return error.originalStatus >= 400
        ? { status: error.originalStatus, serverMessage: null, code: null, details: null }
        : { status: 'invalid_response', serverMessage: null, code: null, details: null };
    case 'CUSTOM_ERROR':
      return {
        status: error.error === INVALID_RESPONSE ? 'invalid_response' : 'unknown',
        serverMessage: null,
        code: null,
        details: null,
      };
    default: {
      const body = readErrorBody(error.data);
      return {
        status: error.status,
        serverMessage: body?.error ?? null,
        code: body?.code ?? body?.errorCode ?? null,
        details: body?.details ?? null,
      };
    }
  }
}
