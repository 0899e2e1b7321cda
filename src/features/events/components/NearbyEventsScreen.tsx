import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useAppSelector } from '../../../app/hooks';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { NEARBY_RADIUS_MILES } from '../../../lib/geo';
import { selectIsAdmin } from '../../session/public';
import { DeviceLocationGate } from './DeviceLocationGate';
import { emptyNextStep } from '../model/emptyNextStep';
import { EventList } from './EventList';
import { useNearbyEvents } from './useNearbyEvents';

export const NEARBY_EVENTS_TEXT = {
  title: 'Nearby Events',
  subtitle: `Events within ${NEARBY_RADIUS_MILES} miles of you, from today on. Times are the venue's.`,
  empty: `No events within ${NEARBY_RADIUS_MILES} miles of you from today on.`,
  fallback: 'Nearby search is unavailable right now, so only events happening now are shown.',
  loading: 'Loading nearby events...',
  list: 'Events near you',
} as const;

/** Nearby Events (docs/product/part-2.md §2): asks for the location, then the events within the radius. */
export default function NearbyEventsScreen() {
  const { device, items, fallback, loading, error } = useNearbyEvents();
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <Stack spacing={1} sx={{ maxWidth: 880 }}>
      <PageHeader title={NEARBY_EVENTS_TEXT.title} subtitle={NEARBY_EVENTS_TEXT.subtitle} />
      <DeviceLocationGate status={device.status} message={device.message} onRetry={device.retry}>
        <Stack spacing={2}>
          {fallback && <Alert severity="info">{NEARBY_EVENTS_TEXT.fallback}</Alert>}
          <ListStates
            items={items}
            loading={loading}
            error={error}
            empty={emptyNextStep(NEARBY_EVENTS_TEXT.empty, 'event', isAdmin)}
            skeleton={{ label: NEARBY_EVENTS_TEXT.loading }}
          >
            {(rows) => <EventList rows={rows} label={NEARBY_EVENTS_TEXT.list} />}
          </ListStates>
        </Stack>
      </DeviceLocationGate>
    </Stack>
  );
}
