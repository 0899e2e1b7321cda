// The one redaction implementation, shared with Redux DevTools and the diagnostics file.
import { scrubSecrets } from '../../app/devtools';
import { PRODUCT_NAME } from '../../app/product';

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
    message: scrubSecrets(caught.message),
    stack: scrubSecrets(caught.stack),
    componentStack: scrubSecrets(caught.componentStack),
    timestamp: caught.timestamp,
    userAgent: context.userAgent,
    url: scrubSecrets(caught.url),
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
