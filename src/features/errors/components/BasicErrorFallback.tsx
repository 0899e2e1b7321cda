import Box from '@mui/material/Box';
import { BasicDownloadDiagnosticsButton } from '../../diagnostics/public';
import type { ErrorFallbackProps } from './ErrorFallback';
import { FALLBACK_TEXT } from '../model/fallbackMessages';

const buttonSx = {
  font: 'inherit',
  fontWeight: 600,
  px: 2,
  py: 1,
  borderRadius: 1,
  border: '1px solid',
  borderColor: 'primary.dark',
  bgcolor: 'background.paper',
  color: 'text.primary',
  cursor: 'pointer',
} as const;

/**
 * The fallback when even the full fallback's code cannot load (typically: the network is gone).
 * Same texts and actions, built only from what the first page load already has (Box and the theme's type
 * scale: MUI's Typography and Button are not part of it).
 */
export function BasicErrorFallback({ onTryAgain, onRefresh, onGoHome, reportHref, standalone = true }: ErrorFallbackProps) {
  return (
    <Box component={standalone ? 'main' : 'section'} role="alert" sx={{ p: 3, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Box component="h1" sx={{ typography: 'h5', mt: 0, mb: 1 }}>
        {FALLBACK_TEXT.title}
      </Box>
      <Box component="p" sx={{ typography: 'body1', mt: 0, mb: 2 }}>
        {FALLBACK_TEXT.body}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Box component="button" type="button" onClick={onTryAgain} sx={buttonSx}>
          {FALLBACK_TEXT.tryAgain}
        </Box>
        <Box component="button" type="button" onClick={onRefresh} sx={buttonSx}>
          {FALLBACK_TEXT.refresh}
        </Box>
        <Box component="button" type="button" onClick={onGoHome} sx={buttonSx}>
          {FALLBACK_TEXT.goHome}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Box component="a" href={reportHref} sx={{ color: 'text.primary' }}>
          {FALLBACK_TEXT.report}
        </Box>
        <BasicDownloadDiagnosticsButton />
      </Box>
    </Box>
  );
}
