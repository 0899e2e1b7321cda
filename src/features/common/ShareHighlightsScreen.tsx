import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export default function ShareHighlightsScreen() {
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Share Highlights
      </Typography>
      <Typography>Share your highlights on social media (Coming Soon)</Typography>
    </Stack>
  );
}
