/**
 * The error feature as other features see it: the one module they may import from it (lint:
 * import-x/no-restricted-paths).
 */
export { ErrorBoundary } from './components/ErrorBoundary';
export { reportMailto } from './model/errorReport';
