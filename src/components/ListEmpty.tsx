import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** The next step offered by an empty list: a route to go to, or something to do here. */
export type ListEmptyAction = { label: string; to: string } | { label: string; onClick: () => void };

export interface ListEmptyProps {
  message: string;
  action?: ListEmptyAction;
}

/** The empty state of a list: says there is nothing yet and offers the next step (presentational). */
export function ListEmpty({ message, action }: ListEmptyProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary">{message}</Typography>
        {action &&
          ('to' in action ? (
            <Button variant="contained" size="large" component={RouterLink} to={action.to}>
              {action.label}
            </Button>
          ) : (
            <Button variant="contained" size="large" onClick={action.onClick}>
              {action.label}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}
