/** The product's name lives here and nowhere else (working name). */
export const PRODUCT_NAME = 'Courtside';

/**
 * How much of a failure an error report keeps (the app cuts each field to this before sending; the server refuses
 * more). Anyone may send one unsigned, so a report is kept small: enough of a stack to find the failing code.
 */
export const ERROR_REPORT_FIELD_LIMITS = {
  message: 2_000,
  stack: 8_000,
  componentStack: 6_000,
  url: 2_000,
  userAgent: 500,
} as const;
/** The request body's cap: the fields above, JSON-escaped, and the short ones. */
export const ERROR_REPORT_MAX_BYTES = 24 * 1024;
