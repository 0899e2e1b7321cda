import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/PageHeader';
import { formatVenueDateTime } from '../../../lib/venueTime';
import { selectSignedInUserId } from '../../session/public';
import { clipCountLabel } from '../model/clipDisplay';
import { eventClipsPath, eventClipsStateOf } from '../model/clipNavigation';
import type { ClipEvent } from '../api/clipSchemas';
import { PagedListView } from '../../../components/PagedListView';
import { useMyClipEvents } from './useClipLists';

type Row = { id: string; kind: 'unassociated'; count: number } | { id: string; kind: 'event'; event: ClipEvent };

const rowSx = { minHeight: 64, gap: 1, alignItems: 'center' } as const;
const countSx = { flexShrink: 0, fontVariantNumeric: 'tabular-nums' } as const;

/** The navigation state is stamped with the user, so a later user of the tab does not see it (clipNavigation.ts). */
function EventRow({ event, userId }: { event: ClipEvent; userId: string | null }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={eventClipsPath(event.id)}
      state={userId === null ? undefined : eventClipsStateOf(event, userId)}
      sx={rowSx}
    >
      <ListItemText
        primary={event.name}
        secondary={`${event.location.name} · ${formatVenueDateTime(event.startTime, event.timezone)}`}
        slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
      />
      <Chip label={clipCountLabel(event.clipCount ?? 0)} size="small" sx={countSx} />
    </ListItemButton>
  );
}

function UnassociatedRow({ count }: { count: number }) {
  return (
    <ListItemButton component={RouterLink} to="/clips/unassociated" sx={rowSx}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <VideoLibraryIcon aria-hidden="true" />
      </ListItemIcon>
      <ListItemText
        primary="Unassociated Clips"
        secondary="Clips not linked to an event"
        slotProps={{ primary: { sx: { fontWeight: 600 } } }}
      />
      <Chip label={clipCountLabel(count)} size="small" sx={countSx} />
    </ListItemButton>
  );
}

/** The unassociated entry first (only when it has clips, docs/product/part-2.md §2), then the events. */
function rowsOf(items: ClipEvent[] | undefined, unassociatedCount: number): Row[] | undefined {
  if (!items) return undefined;
  const events: Row[] = items.map((event) => ({ id: event.id, kind: 'event', event }));
  return unassociatedCount > 0 ? [{ id: 'unassociated', kind: 'unassociated', count: unassociatedCount }, ...events] : events;
}

/** My Clips (/clips, /clips/list; docs/product/part-2.md §2): the user's events with their clip counts. */
export default function MyClipsScreen() {
  const userId = useAppSelector(selectSignedInUserId);
  const { unassociatedCount, ...list } = useMyClipEvents();
  // Kept while the list is the same: a new array each render would restart the list's deferred render.
  const rows = useMemo(() => rowsOf(list.items, unassociatedCount), [list.items, unassociatedCount]);
  return (
    <>
      <PageHeader title="My Clips" subtitle="Your clips, grouped by the event they were filmed at." />
      <PagedListView
        list={{ ...list, items: rows }}
        empty={{
          message: 'No clips yet. Upload videos you filmed at an event, and they will appear here by event.',
          action: { label: 'Upload Clips', to: '/clips/upload' },
        }}
        skeleton={{ variant: 'rows', count: 5, label: 'Loading your clips...' }}
        loadMoreLabel="Load More Events"
      >
        {(items) => (
          <Paper variant="outlined">
            <List aria-label="Events with clips" disablePadding>
              {items.map((row, i) => (
                <ListItem key={row.id} disablePadding divider={i < items.length - 1}>
                  {row.kind === 'event' ? <EventRow event={row.event} userId={userId} /> : <UnassociatedRow count={row.count} />}
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedListView>
    </>
  );
}
