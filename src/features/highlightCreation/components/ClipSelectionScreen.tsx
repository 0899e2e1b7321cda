import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { listLoadError } from '../../../api/listLoadErrors';
import { usePagedList } from '../../../api/usePagedList';
import { mediaGridSx } from '../../../components/mediaLayout';
import { PageHeader } from '../../../components/PageHeader';
import { PagedListView } from '../../../components/PagedListView';
import { deviceZoneName } from '../../../lib/deviceZone';
import type { Clip } from '../../../domain/clip';
import { selectSignedInUserId } from '../../session/public';
import { START_EDITOR_FAILED } from '../model/editorSessionMessages';
import { useGetHighlightEventQuery, useGetSelectionClipsInfiniteQuery } from '../api/highlightCreationApi';
import { HighlightClipCard } from './HighlightClipCard';
import { createHighlightLabel } from '../model/highlightLimits';
import { useHighlightSelection } from './useHighlightSelection';

const clipsLoadError = listLoadError('clips');
const pageItems = (page: Clip[]) => page;
const grid = mediaGridSx('auto');

/**
 * Clip selection for an event (docs/product/part-2.md §2): the caller's clips of the event, 12 a page with Load More;
 * a click on a card selects it or lets it go; Create Highlight starts the editor with the selection (§4 "Editing
 * flow"), disabled with none and saying '(n/20 max)' when over the limit.
 */
export default function ClipSelectionScreen() {
  const eventId = useParams().eventId ?? '';
  const userId = useAppSelector(selectSignedInUserId);
  const event = useGetHighlightEventQuery(eventId, { skip: eventId === '' });
  const result = useGetSelectionClipsInfiniteQuery({ eventId, userId: userId ?? '' }, { skip: !userId || eventId === '' });
  const list = usePagedList(result, pageItems, clipsLoadError);
  const selection = useHighlightSelection('selection', eventId);
  const busy = selection.phase !== 'idle';
  // The clips' times wait for the venue's zone: shown on another clock first, they would be read as the venue's.
  // An event that cannot be loaded leaves the device's clock, as for a clip without an event (the time is the
  // viewer's own, so venueTime rightly names no zone), not UTC under a 'UTC' that says nothing about the venue.
  const timeZone = event.currentData?.timezone ?? (event.isError ? deviceZoneName() : null);

  return (
    <Stack spacing={2}>
      <PageHeader
        title={event.currentData?.name ?? 'Select Clips'}
        back={{ to: '/events', label: 'Back to events' }}
        subtitle={event.currentData?.sport || undefined}
      />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        component="section"
        aria-label="Selection"
      >
        <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
          {selection.count} selected
        </Typography>
        <Button variant="outlined" onClick={selection.clear} disabled={selection.count === 0 || busy} sx={{ minHeight: 44 }}>
          Clear
        </Button>
        <Button
          variant="contained"
          onClick={selection.start}
          disabled={selection.count === 0 || busy}
          aria-busy={busy || undefined}
          sx={{ minHeight: 44 }}
        >
          {busy ? 'Starting Editor...' : createHighlightLabel(selection.count)}
        </Button>
      </Stack>
      {selection.error && (
        <Alert severity={selection.errorKind === 'start' ? 'error' : 'warning'} onClose={selection.dismissError}>
          {selection.error || START_EDITOR_FAILED}
        </Alert>
      )}
      <PagedListView
        list={timeZone === null ? { ...list, items: undefined } : list}
        empty={{ message: 'No clips for this event yet.', action: { label: 'Upload Clip', to: '/upload' } }}
        skeleton={{ variant: 'cards', count: 6, label: 'Loading clips...' }}
        loadMoreLabel="Load More"
        heading="Clips"
      >
        {(clips) =>
          timeZone !== null && (
            <Box
              component="ul"
              aria-label="Clips of the event"
              sx={[{ listStyle: 'none', m: 0, p: 0 }, ...(Array.isArray(grid) ? grid : [grid])]}
            >
              {clips.map((clip) => (
                <Box component="li" key={clip.id} sx={{ minWidth: 0 }}>
                  <HighlightClipCard
                    clip={clip}
                    timeZone={timeZone}
                    offsetSeconds={null}
                    mode="selection"
                    onToggle={selection.toggle}
                  />
                </Box>
              ))}
            </Box>
          )
        }
      </PagedListView>
    </Stack>
  );
}
