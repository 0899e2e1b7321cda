import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useId, useState } from 'react';
import { formatCoordinates } from '../../../lib/geo';
import { GETTING_LOCATION } from '../../events/public';
import { GEOLOCATION_MESSAGES, type DeviceLocationView } from '../../geolocation/public';

/** The three states docs/product/part-2.md §2 names for the Location Status panel. */
export type LocationPanelState = 'Enabled' | 'Error' | 'Not Enabled';

/**
 * Which of the three a device location status is: a location → Enabled; a failed, refused or unsupported request
 * → Error (with its §8 text and Try Again); not asked yet or being asked → Not Enabled (Enable Location).
 */
export function locationPanelState(status: DeviceLocationView['status']): LocationPanelState {
  switch (status) {
    case 'enabled':
      return 'Enabled';
    case 'error':
    case 'denied':
    case 'unsupported':
      return 'Error';
    case 'unknown':
    case 'requesting':
      return 'Not Enabled';
  }
}

/** docs/decisions.md "Tag Moments without a location": a tag is made anyway, its location attached when known. */
export const TAG_WITHOUT_LOCATION = 'You can still tag moments; they will be saved without your location.';

const CHIP_COLOR = { Enabled: 'success', Error: 'error', 'Not Enabled': 'default' } as const;

export interface LocationStatusPanelProps {
  device: Pick<DeviceLocationView, 'status' | 'location' | 'message' | 'retry'>;
}

/**
 * Tag Moments' Location Status panel (presentational; docs/product/part-2.md §2): collapsible, open by itself
 * while there is no location, closed once there is one (until the user opens or closes it). Its summary always
 * names the state, so a closed panel still says whether the tags will carry a location.
 */
function LocationStatusPanelView({ device }: LocationStatusPanelProps) {
  const state = locationPanelState(device.status);
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? state !== 'Enabled';
  const id = useId();

  return (
    <Accordion
      expanded={expanded}
      onChange={(_, next) => setOpen(next)}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={`${id}-summary`}
        aria-controls={`${id}-details`}
        sx={{ minHeight: 56 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            Location Status
          </Typography>
          <Chip label={state} color={CHIP_COLOR[state]} size="small" sx={{ fontWeight: 600 }} />
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-details`}>
        {state === 'Enabled' && device.location && (
          <Typography variant="body2" color="text.secondary">
            Your tags carry your location ({formatCoordinates(device.location.latitude, device.location.longitude, 4)}).
          </Typography>
        )}
        {state === 'Error' && (
          <Stack spacing={1}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="large" onClick={device.retry}>
                  Try Again
                </Button>
              }
              sx={{ alignItems: 'center' }}
            >
              {device.message ?? GEOLOCATION_MESSAGES.unknown}
            </Alert>
            <Typography variant="body2" color="text.secondary">
              {TAG_WITHOUT_LOCATION}
            </Typography>
          </Stack>
        )}
        {state === 'Not Enabled' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} role="status">
              {device.status === 'requesting' ? GETTING_LOCATION : 'Location lets you see the live events around you.'}
            </Typography>
            <Button variant="outlined" size="large" onClick={device.retry}>
              Enable Location
            </Button>
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** Memoized: a tap re-renders Tag Moments, and only what changed should render again (npm run bench:tag). */
export const LocationStatusPanel = memo(LocationStatusPanelView);
