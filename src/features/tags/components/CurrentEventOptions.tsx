import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMiles } from '../../../lib/geo';
import type { CurrentEvent, EventSummary } from '../../events/public';

export interface CurrentEventOptionsProps {
  options: readonly CurrentEvent[];
  /** The list's accessible name. */
  label: string;
  /** The event tagged for now, marked in the list. */
  selectedId: string | null;
  onPick: (event: EventSummary) => void;
}

/**
 * Live events to choose from (presentational; docs/product/part-2.md §2): each shows the event's name, its
 * venue's name and how far it is in miles (to one decimal) when known. One tap chooses it.
 */
export function CurrentEventOptions({ options, label, selectedId, onPick }: CurrentEventOptionsProps) {
  return (
    <List aria-label={label} disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      {options.map(({ event, distanceMiles }) => {
        const selected = event.id === selectedId;
        return (
          <ListItem key={event.id} disablePadding divider>
            <ListItemButton
              onClick={() => onPick(event)}
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              sx={{ minHeight: 64, py: 1.5 }}
            >
              <Stack spacing={0.25} sx={{ minWidth: 0, flex: 1 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Chip label="LIVE" color="error" size="small" sx={{ fontWeight: 700, flexShrink: 0 }} />
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{event.name}</Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[event.location.name, distanceMiles === null ? '' : formatMiles(distanceMiles)].filter(Boolean).join(' · ')}
                </Typography>
              </Stack>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
