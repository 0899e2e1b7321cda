import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { INVALID_RESPONSE } from './apiErrors';

type PathItem = PropertyKey | { readonly key: unknown };

/** A failed check of an answer: valibot's issues, or the Standard Schema issues RTK Query passes on. */
export interface SchemaFailure {
  readonly issues: ReadonlyArray<{ readonly path?: ReadonlyArray<PathItem> | undefined }>;
}

const pathOf = (path: ReadonlyArray<PathItem> | undefined): string =>
  path?.length ? path.map((item) => String(typeof item === 'object' ? item.key : item)).join('.') : '(root)';

/**
 * An answer that does not match its schema, as the app's one error for it: an ordinary, typed
 * `CUSTOM_ERROR` (never a thrown exception) that `toApiFailure` reads as `invalid_response`. Only
 * where the answer went wrong is kept ('data.user.email'): the issues' messages quote the values they
 * received, and this error is stored in the state, shown to DevTools and sent in error reports.
 */
export function schemaFailure(failure: SchemaFailure): FetchBaseQueryError {
  return {
    status: 'CUSTOM_ERROR',
    error: INVALID_RESPONSE,
    data: [...new Set(failure.issues.map((issue) => pathOf(issue.path)))],
  };
}
