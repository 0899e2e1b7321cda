// The one redaction implementation, shared with Redux DevTools and the diagnostics file.
import { scrubSecrets } from '../../../app/devtools';
import { ERROR_REPORT_FIELD_LIMITS as LIMITS, PRODUCT_NAME } from '../../../app/product';

/** The start of `text`, within the server's limit for the field (the stack's first frames matter most). */
const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The error report (docs/product/part-1.md §3), built so that no token or sign-in code can ride along. */
export interface ErrorReport {
  message: string;
  stack: string;
  componentStack: string;
  timestamp: string;
  userAgent: string;
  url: string;
  userId: string;
  sessionId: string;
}

/** What the boundary knows at the moment of the failure. */
export interface CaughtError {
  message: string;
  stack: string;
  componentStack: string;
  timestamp: string;
  url: string;
}

export function buildErrorReport(
  caught: CaughtError,
  context: { userId: string | null; sessionId: string | null; userAgent: string },
): ErrorReport {
  return {
    message: cut(scrubSecrets(caught.message), LIMITS.message),
    stack: cut(scrubSecrets(caught.stack), LIMITS.stack),
    componentStack: cut(scrubSecrets(caught.componentStack), LIMITS.componentStack),
    timestamp: caught.timestamp,
    userAgent: cut(context.userAgent, LIMITS.userAgent),
    url: cut(scrubSecrets(caught.url), LIMITS.url),
    userId: context.userId ?? 'anonymous',
    sessionId: context.sessionId ?? 'unknown',
  };
}

/** 'Report this issue': a prefilled mail draft with the error message, URL and time. */
export function reportMailto(supportEmail: string, caught: Pick<CaughtError, 'message' | 'url' | 'timestamp'>): string {
  const subject = `${PRODUCT_NAME} error report`;
  const body = [
    'Describe what you were doing when this happened:',
    '',
    '',
    '---',
    `Error: ${scrubSecrets(caught.message)}`,
    `URL: ${scrubSecrets(caught.url)}`,
    `Time: ${caught.timestamp}`,
  ].join('\n');
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
