import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ListEmpty } from '../../../components/ListEmpty';
import { ListError } from '../../../components/ListError';
import { listStateOf } from '../../../components/ListStates';
import type { GeoPoint } from '../../../lib/geo';
import { useNearbyCurrentEvents, type EventSummary } from '../../events/public';
import { CurrentEventOptions } from './CurrentEventOptions';

export const NEARBY_CURRENT_TEXT = {
  heading: 'Live near you',
  loading: 'Loading nearby events...',
  empty: 'No current events found in your area',
  noLocation: 'Enable location to see the live events around you, or search for one above.',
} as const;

export interface NearbyCurrentEventsProps {
  /** The device's location; nothing is asked without it. */
  near: GeoPoint | null;
  selectedId: string | null;
  onPick: (event: EventSummary) => void;
}

/**
 * The nearby current events of Select Current Event (docs/product/part-2.md §2): 'Loading nearby events...',
 * the §8 error with its retry, 'No current events found in your area' with Refresh, or the live events.
 */
export function NearbyCurrentEvents({ near, selectedId, onPick }: NearbyCurrentEventsProps) {
  const { events, loading, error, refresh } = useNearbyCurrentEvents(near);
  const headingId = useId();
  const state = listStateOf({ loading, failed: error !== null, count: events ? events.length : null });

  return (
    <Stack spacing={1} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {NEARBY_CURRENT_TEXT.heading}
      </Typography>
      {!near ? (
        <Typography variant="body2" color="text.secondary">
          {NEARBY_CURRENT_TEXT.noLocation}
        </Typography>
      ) : state === 'loading' ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
          <CircularProgress size={20} aria-hidden="true" />
          <Typography>{NEARBY_CURRENT_TEXT.loading}</Typography>
        </Box>
      ) : state === 'error' && error ? (
        <ListError {...error} />
      ) : state === 'empty' ? (
        <ListEmpty message={NEARBY_CURRENT_TEXT.empty} action={{ label: 'Refresh', onClick: refresh }} />
      ) : (
        <CurrentEventOptions options={events ?? []} label="Live events near you" selectedId={selectedId} onPick={onPick} />
      )}
    </Stack>
  );
}
