/**
 * Diagnostics as other features see it (lint: import-x/no-restricted-paths): the entries that save the
 * redacted state and recent actions for support.
 */
export { DownloadDiagnosticsMenuItem } from './DownloadDiagnosticsMenuItem';
export { DownloadDiagnosticsButton } from './DownloadDiagnosticsButton';
export { BasicDownloadDiagnosticsButton } from './BasicDownloadDiagnosticsButton';
