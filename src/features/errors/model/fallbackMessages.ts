/** The error fallback's texts, verbatim from docs/product/part-1.md §2. */
export const FALLBACK_TEXT = {
  title: 'Something went wrong',
  body: 'The application encountered an unexpected error. You can try refreshing the page or returning to the home screen.',
  tryAgain: 'Try Again',
  refresh: 'Refresh Page',
  goHome: 'Go Home',
  report: 'Report this issue',
} as const;
