import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

export default function NotFoundScreen() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1">
        Page not found
      </Typography>
      <Typography>There is no page at this address. It may have moved, or the link may be mistyped.</Typography>
      <Button component={Link} to="/" variant="contained">
        Go to the home page
      </Button>
    </Stack>
  );
}
