import Box from '@mui/material/Box';
import { DOWNLOAD_DIAGNOSTICS_LABEL, useDownloadDiagnostics } from '../model/downloadDiagnostics';

const linkButtonSx = {
  font: 'inherit',
  p: 0,
  border: 0,
  bgcolor: 'transparent',
  color: 'text.primary',
  textDecoration: 'underline',
  cursor: 'pointer',
} as const;

/**
 * 'Download diagnostics' on the basic fallback, which shows when code cannot load: built from Box only,
 * which the first page load already has (no MUI Button), and saved without any network request.
 */
export function BasicDownloadDiagnosticsButton() {
  const download = useDownloadDiagnostics();
  if (!download) return null;
  return (
    <Box component="button" type="button" onClick={download} sx={linkButtonSx}>
      {DOWNLOAD_DIAGNOSTICS_LABEL}
    </Box>
  );
}
