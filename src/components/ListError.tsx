import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface ListErrorProps {
  /** The spec's text for what failed (docs/product/part-2.md §8), e.g. 'Failed to fetch events: 500'. */
  message: string;
  onRetry: () => void;
  /** 'Retry' by default; docs/product/part-2.md §8 says 'Try again' where the server could not be reached. */
  retryLabel?: string;
}

/** The error state of a list: the message and a way to load it again (presentational). */
export function ListError({ message, onRetry, retryLabel = 'Retry' }: ListErrorProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="large" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      {message}
    </Alert>
  );
}
