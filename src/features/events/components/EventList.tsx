import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatMiles } from '../../../lib/geo';
import { formatEventPlace, formatEventStart } from '../model/eventDisplay';
import type { EventRow } from '../model/eventRows';
import { formatEventContent } from '../model/listedEventDisplay';

export interface EventListItemProps extends EventRow {
  /** Where the item leads (a real link: it opens in a new tab too); a plain item without it. */
  to?: string;
  /** Shows the user's clip and tag counts. */
  showContent?: boolean;
}

/**
 * One event in the discovery lists (presentational): name with the LIVE badge, sport and start on the
 * venue's clock (its zone named when it is not the device's), the venue, and the distance when known.
 */
export function EventListItem({ event, live, to, showContent = false }: EventListItemProps) {
  const content = showContent ? formatEventContent(event) : '';
  const body = (
    <Stack spacing={0.25} sx={{ minWidth: 0, flex: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        {live && <Chip label="LIVE" color="error" size="small" sx={{ fontWeight: 700, flexShrink: 0 }} />}
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{event.name}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {[event.sport, formatEventStart(event)].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {formatEventPlace(event)}
      </Typography>
      {(event.distanceMiles !== null || content) && (
        <Typography variant="body2" color="text.secondary">
          {[event.distanceMiles !== null ? `${formatMiles(event.distanceMiles)} away` : '', content].filter(Boolean).join(' · ')}
        </Typography>
      )}
    </Stack>
  );
  return (
    <ListItem disablePadding divider>
      {to ? (
        <ListItemButton component={RouterLink} to={to} sx={{ py: 1.5, minHeight: 64 }}>
          {body}
        </ListItemButton>
      ) : (
        <Box sx={{ px: 2, py: 1.5, display: 'flex', width: '100%' }}>{body}</Box>
      )}
    </ListItem>
  );
}

export interface EventListProps {
  rows: readonly EventRow[];
  /** The list's accessible name. */
  label: string;
  linkTo?: (eventId: string) => string;
  showContent?: boolean;
}

export function EventList({ rows, label, linkTo, showContent }: EventListProps) {
  return (
    <List
      aria-label={label}
      disablePadding
      sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      {rows.map((row) => (
        <EventListItem key={row.event.id} {...row} to={linkTo?.(row.event.id)} showContent={showContent} />
      ))}
    </List>
  );
}
