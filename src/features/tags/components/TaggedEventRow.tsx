import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatVenueDateTime } from '../../../lib/venueTime';
import { eventTagsPath, eventTagsStateOf } from '../model/tagNavigation';
import { tagCountLabel } from './TagListGroup';
import type { TaggedEvent } from '../api/tagSchemas';

/** One event of My Tagged Events: name, venue, start on the venue's clock, the user's tag count; a link to its tags. */
export const TaggedEventRow = memo(function TaggedEventRow({ event, userId }: { event: TaggedEvent; userId: string | null }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={eventTagsPath(event.id)}
      // Stamped with the user, so a later user of the tab does not see it (tagNavigation.ts).
      state={userId === null ? undefined : eventTagsStateOf(event, userId)}
      sx={{ minHeight: 64, gap: 1, alignItems: 'center' }}
    >
      <ListItemText
        primary={event.name}
        secondary={`${event.location.name} · ${formatVenueDateTime(event.startTime, event.timezone)}`}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Chip label={tagCountLabel(event.tagCount ?? 0)} size="small" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} />
    </ListItemButton>
  );
});
