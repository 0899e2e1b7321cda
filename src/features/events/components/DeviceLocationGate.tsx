import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { GEOLOCATION_MESSAGES, type LocationStatus } from '../../geolocation/public';

export const GETTING_LOCATION = 'Getting your location…';

export interface DeviceLocationGateProps {
  status: LocationStatus;
  /** The §8 text for a failed request. */
  message: string | null;
  /** Asks for the location again. */
  onRetry: () => void;
  /** What needs the location: shown once it is known. */
  children: ReactNode;
}

/**
 * The part of a "near me" screen that waits for the device's location (presentational): a skeleton while it
 * is asked for, the §8 message with Try Again when it failed or was refused, the content once it is known.
 */
export function DeviceLocationGate({ status, message, onRetry, children }: DeviceLocationGateProps) {
  switch (status) {
    case 'enabled':
      return <>{children}</>;
    case 'unknown':
    case 'requesting':
      return (
        <Stack spacing={1}>
          <Typography color="text.secondary" aria-hidden="true">
            {GETTING_LOCATION}
          </Typography>
          <ListSkeleton label={GETTING_LOCATION} />
        </Stack>
      );
    default:
      return (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="large" onClick={onRetry}>
              Try Again
            </Button>
          }
          sx={{ alignItems: 'center' }}
        >
          {message ?? GEOLOCATION_MESSAGES.unknown}
        </Alert>
      );
  }
}
