/**
 * Diagnostics as other features see it (lint: import-x/no-restricted-paths): the entries that save the
 * redacted state and recent actions for support.
 */
export { DownloadDiagnosticsMenuItem } from './components/DownloadDiagnosticsMenuItem';
export { DownloadDiagnosticsButton } from './components/DownloadDiagnosticsButton';
export { BasicDownloadDiagnosticsButton } from './components/BasicDownloadDiagnosticsButton';
