import Button from '@mui/material/Button';
import { DOWNLOAD_DIAGNOSTICS_LABEL, useDownloadDiagnostics } from '../model/downloadDiagnostics';

/** 'Download diagnostics' on the full error fallback, styled like its 'Report this issue'. */
export function DownloadDiagnosticsButton() {
  const download = useDownloadDiagnostics();
  if (!download) return null;
  return (
    <Button variant="text" size="small" onClick={download}>
      {DOWNLOAD_DIAGNOSTICS_LABEL}
    </Button>
  );
}
