import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { DownloadDiagnosticsButton } from '../../diagnostics/public';
import { FALLBACK_TEXT } from '../model/fallbackMessages';

export interface ErrorFallbackProps {
  onTryAgain: () => void;
  onRefresh: () => void;
  onGoHome: () => void;
  reportHref: string;
  /** A page of its own (outside the shell) is the `main` landmark; inside the shell it is not. */
  standalone?: boolean;
}

/** The error fallback screen, texts verbatim from docs/product/part-1.md §2. */
export default function ErrorFallback({ onTryAgain, onRefresh, onGoHome, reportHref, standalone = true }: ErrorFallbackProps) {
  return (
    <Stack
      component={standalone ? 'main' : 'section'}
      sx={{ minHeight: '60vh', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper role="alert" variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560, width: '100%' }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden="true" />
          <Typography variant="h5" component="h1">
            {FALLBACK_TEXT.title}
          </Typography>
          <Typography color="text.secondary">{FALLBACK_TEXT.body}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <Button variant="contained" onClick={onTryAgain}>
              {FALLBACK_TEXT.tryAgain}
            </Button>
            <Button variant="outlined" onClick={onRefresh}>
              {FALLBACK_TEXT.refresh}
            </Button>
            <Button variant="outlined" onClick={onGoHome}>
              {FALLBACK_TEXT.goHome}
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button href={reportHref} variant="text" size="small">
              {FALLBACK_TEXT.report}
            </Button>
            {/* What support needs to replay the failure, attached to the report by the user. */}
            <DownloadDiagnosticsButton />
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
