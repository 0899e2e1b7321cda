import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListStates } from '../../../components/ListStates';
import { PageHeader } from '../../../components/PageHeader';
import { formatMiles, NEARBY_RADIUS_MILES } from '../../../lib/geo';
import { useAppSelector } from '../../../app/hooks';
import { DeviceLocationGate, emptyNextStep } from '../../events/public';
import { selectIsAdmin } from '../../session/public';
import { useNearbyLocations, type NearbyLocation } from '../api/nearbyLocationsApi';

export const NEARBY_LOCATIONS_TEXT = {
  title: 'Nearby Locations',
  subtitle: `Sports venues within ${NEARBY_RADIUS_MILES} miles of you, nearest first.`,
  empty: `No sports venues within ${NEARBY_RADIUS_MILES} miles of you.`,
  loading: 'Loading nearby locations...',
  list: 'Venues near you',
} as const;

function VenueList({ venues }: { venues: readonly NearbyLocation[] }) {
  return (
    <List
      aria-label={NEARBY_LOCATIONS_TEXT.list}
      disablePadding
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      {venues.map((venue) => (
        <ListItem key={venue.id} divider sx={{ py: 1.5, alignItems: 'flex-start', gap: 2 }}>
          <Stack spacing={0.25} sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{venue.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {venue.address}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ flexShrink: 0, fontWeight: 600 }}>
            {formatMiles(venue.distanceMiles)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

/** Nearby Locations (docs/product/part-2.md §2; ADMIN menu): venues within the radius with name, address and distance. */
export default function NearbyLocationsScreen() {
  const { device, items, loading, error } = useNearbyLocations();
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <Stack spacing={1} sx={{ maxWidth: 880 }}>
      <PageHeader title={NEARBY_LOCATIONS_TEXT.title} subtitle={NEARBY_LOCATIONS_TEXT.subtitle} />
      <DeviceLocationGate status={device.status} message={device.message} onRetry={device.retry}>
        <ListStates
          items={items}
          loading={loading}
          error={error}
          empty={emptyNextStep(NEARBY_LOCATIONS_TEXT.empty, 'venue', isAdmin)}
          skeleton={{ label: NEARBY_LOCATIONS_TEXT.loading }}
        >
          {(venues) => <VenueList venues={venues} />}
        </ListStates>
      </DeviceLocationGate>
    </Stack>
  );
}
