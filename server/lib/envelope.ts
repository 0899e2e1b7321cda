/** The failure half of the envelope: `{ success: false, error, code, details }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  /** Extra top-level fields merged into the body (uploads add `errorCode`). */
  readonly extra: Record<string, unknown>;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    details: Record<string, unknown> | null = null,
    extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
    this.extra = extra;
  }
}

export interface FailureBody {
  success: false;
  error: string;
  code: string;
  details: Record<string, unknown> | null;
  [extra: string]: unknown;
}

export function failure(err: ApiError): FailureBody {
  return { success: false, error: err.message, code: err.code, details: err.details, ...err.extra };
}

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export function invalidInput(details: Record<string, string>, message = 'Invalid input'): ApiError {
  return new ApiError(400, 'INVALID_INPUT', message, details);
}
