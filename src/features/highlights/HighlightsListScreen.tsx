import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentRoute } from '../../app/routeContext';

/** Being built (issue 12); replaced by the real screen. */
export default function HighlightsListScreen() {
  const title = useCurrentRoute()?.title ?? 'This page';
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Alert severity="info">{title} is not available yet. It is coming in a future update of the app.</Alert>
    </Stack>
  );
}
