import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { memo, type ReactNode, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Virtuoso } from 'react-virtuoso';
import CircularProgress from '@mui/material/CircularProgress';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatVenueDateTime } from '../../../lib/venueTime';
import type { ClipEvent } from '../../clips/public';
import { formatEventPlace, formatEventStart } from '../../events/public';
import type { Tag } from '../../../domain/tag';
import { CREATE_HIGHLIGHT_FAILED } from '../model/editorSessionMessages';
import { HighlightClipCard } from './HighlightClipCard';
import {
  EVENT_NOT_FOUND_TEXT,
  LOAD_MORE_TAGS_FAILED,
  LOADING_EVENT_DATA,
  LOADING_MORE_TAGS,
} from '../model/highlightCreationMessages';
import { highlightEventArg } from '../api/highlightCreationPrefetch';
import {
  additionalClipsText,
  highlightRows,
  NO_CLIPS_NEAR_TAG,
  tagPagingIndex,
  tagsShownText,
  type HighlightRow,
} from '../model/highlightCreationModel';
import { selectedForHighlightText } from '../model/highlightLimits';
import { HighlightPreviewPanel } from './HighlightPreviewPanel';
import { MakeMyHighlightButton } from './MakeMyHighlightButton';
import { selectMakeMyHighlightUnderWay } from '../model/makeMyHighlightSlice';
import { SELECT_MY_MOMENTS } from '../model/makeMyHighlightMessages';
import { selectMyMoments } from '../model/myMomentsSelection';
import { useHighlightCreation } from './useHighlightCreation';
import { useHighlightSelectionActions, useHighlightSelectionState } from './useHighlightSelection';
import { CARD_ROW_ATTRIBUTE, useNearBottomPaging } from './useNearBottomPaging';
import { useRangePaging, type RenderedRange } from './useRangePaging';

function Loading({ label }: { label: string }) {
  return (
    <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 2 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Stack>
  );
}

/** §2: columns by screen width (1 / 3 / 4 / 5 from 768 / 1024 / 1280 px). */
function useColumns(): number {
  const from768 = useMediaQuery('(min-width:768px)');
  const from1024 = useMediaQuery('(min-width:1024px)');
  const from1280 = useMediaQuery('(min-width:1280px)');
  return from1280 ? 5 : from1024 ? 4 : from768 ? 3 : 1;
}

const tagTime = (iso: string, zone: string) => formatVenueDateTime(iso, zone, { seconds: true });

/** A failed tags call: a warning with Retry; the clips stay usable (§7 tolerates the failure). */
function TagsWarning({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onRetry} sx={{ minHeight: 40 }}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

interface RowProps {
  row: HighlightRow;
  columns: number;
  timeZone: string;
  onToggle: (clipId: string) => void;
  onPreview: (clipId: string) => void;
  onRetryTags: () => void;
}

const RowView = memo(function RowView({ row, columns, timeZone, onToggle, onPreview, onRetryTags }: RowProps) {
  switch (row.kind) {
    case 'tag':
      return (
        <Box sx={{ pt: 3, pb: 1 }}>
          <Typography component="h2" variant="h6">
            Tag {row.section.number} - {tagTime(row.section.tag.timestamp, timeZone)}
          </Typography>
          {row.section.tag.description && <Typography color="text.secondary">{row.section.tag.description}</Typography>}
        </Box>
      );
    case 'tagEmpty':
      return (
        <Box sx={{ pb: 2 }}>
          <Typography>{NO_CLIPS_NEAR_TAG}</Typography>
          <Typography color="text.secondary">Tagged moment at {tagTime(row.tag.timestamp, timeZone)}</Typography>
        </Box>
      );
    case 'tagsPaging':
      return row.state === 'loading' ? (
        <Loading label={LOADING_MORE_TAGS} />
      ) : (
        <Box sx={{ pt: 2 }}>
          <TagsWarning message={LOAD_MORE_TAGS_FAILED} onRetry={onRetryTags} />
        </Box>
      );
    case 'tagsShown':
      return <Typography sx={{ pt: 3, color: 'text.secondary' }}>{tagsShownText(row.count, row.total)}</Typography>;
    case 'additional':
      return (
        <Box sx={{ pt: 3, pb: 1 }}>
          <Typography component="h2" variant="h6">
            Additional Clips
          </Typography>
          <Typography color="text.secondary">{additionalClipsText(row.shown, row.total)}</Typography>
        </Box>
      );
    case 'cards':
      return (
        <Box
          {...{ [CARD_ROW_ATTRIBUTE]: '' }}
          sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 2, pb: 2 }}
        >
          {row.slots.map(({ clip, offsetSeconds }) => (
            <HighlightClipCard
              key={clip.id}
              clip={clip}
              timeZone={timeZone}
              offsetSeconds={offsetSeconds}
              mode="creation"
              onToggle={onToggle}
              onPreview={onPreview}
            />
          ))}
        </Box>
      );
  }
});

/** 'n clip(s) selected for highlight': reads the count itself, so a pick re-renders this line, not the screen. */
function SelectedCount() {
  const { count } = useHighlightSelectionState();
  return (
    <Typography sx={{ fontWeight: 600 }} aria-live="polite">
      {selectedForHighlightText(count)}
    </Typography>
  );
}

function EditHighlightButton({ onStart }: { onStart: () => void }) {
  const busy = useHighlightSelectionState().phase !== 'idle';
  // One way to the editor at a time: 'Make my highlight' under way holds this button too.
  const making = useAppSelector(selectMakeMyHighlightUnderWay);
  return (
    <Button
      variant="contained"
      size="large"
      onClick={onStart}
      disabled={busy || making}
      aria-busy={busy || undefined}
      sx={{ minHeight: 48, flexShrink: 0 }}
    >
      {busy ? 'Creating Highlight...' : 'Edit Highlight'}
    </Button>
  );
}

/** 'Make my highlight', held while Edit Highlight is starting: one way to the editor at a time. */
function MakeMyHighlightBesideEdit({ eventId }: { eventId: string }) {
  const editing = useHighlightSelectionState().phase !== 'idle';
  return <MakeMyHighlightButton eventId={eventId} variant="outlined" disabled={editing} />;
}

/** 'Select my moments': the clips 'Make my highlight' would take replace the selection (myMomentsSelection.ts). */
function SelectMyMomentsButton({ eventId, tags }: { eventId: string; tags: readonly Tag[] }) {
  const dispatch = useAppDispatch();
  const busy = useHighlightSelectionState().phase !== 'idle';
  return (
    <Button
      variant="text"
      onClick={() => dispatch(selectMyMoments(eventId, tags))}
      disabled={busy}
      sx={{ minHeight: 48, alignSelf: 'flex-start' }}
    >
      {SELECT_MY_MOMENTS}
    </Button>
  );
}

function SelectionMessage({ onDismiss }: { onDismiss: () => void }) {
  const { error, errorKind } = useHighlightSelectionState();
  if (!error) return null;
  return errorKind === 'start' ? (
    <Alert severity="error" onClose={onDismiss}>
      <AlertTitle>{CREATE_HIGHLIGHT_FAILED}</AlertTitle>
      {error}
    </Alert>
  ) : (
    <Alert severity="warning" onClose={onDismiss}>
      {error}
    </Alert>
  );
}

const rowKey = (_index: number, row: HighlightRow) => row.key;

/** The rows rendered before the list has measured anything: a tag's heading and the card rows under it on a phone. */
const FIRST_ROWS = 4;

/**
 * The clip list, mounted a render after the rest of the loaded screen: its first rows (MUI cards, whose styles
 * Emotion compiles and inserts as React commits them) and the header, actions and preview made one long commit on a
 * phone, which React cannot slice. Two commits, each in a background render.
 */
function ClipRows({
  rows,
  itemContent,
  rangeChanged,
}: {
  rows: HighlightRow[];
  itemContent: (index: number, row: HighlightRow) => ReactNode;
  /** The rows rendered: the next page of tags is asked as they near the loaded tags' end. */
  rangeChanged: (range: RenderedRange) => void;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  if (!shown) return null;
  return (
    <Virtuoso
      useWindowScroll
      data={rows}
      computeItemKey={rowKey}
      itemContent={itemContent}
      rangeChanged={rangeChanged}
      increaseViewportBy={400}
      // The first rows render with the list, in its background render: left to the list, they would render
      // after its first measurement, in one task of their own (docs/performance.md "Create Highlight's first rows").
      initialItemCount={Math.min(rows.length, FIRST_ROWS)}
    />
  );
}

const eventNameSx = { overflowWrap: 'anywhere' } as const;

function EventHeader({ event }: { event: ClipEvent }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="h4" component="h1" sx={eventNameSx}>
        {event.name}
      </Typography>
      {event.sport && <Typography color="text.secondary">{event.sport}</Typography>}
      <Typography color="text.secondary">
        {formatEventPlace({ location: { ...event.location, latitude: null, longitude: null } })}
      </Typography>
      <Typography color="text.secondary">{formatEventStart(event)}</Typography>
      <SelectedCount />
    </Stack>
  );
}

/**
 * Highlight creation for one event (docs/product/part-2.md §2, §4, §5, §8 "Clips", §9): the clips around each tagged
 * moment and the event's other clips, a preview, and Edit Highlight, which starts the editor with the selection;
 * 'Make my highlight' and 'Select my moments' take the clips of the caller's moments instead.
 * The list is virtualized by rows of cards (react-virtuoso, the window scrolling), so the DOM holds only what is near
 * the screen; selection lives in the store as ids and each card reads its own.
 */
export default function HighlightCreationScreen() {
  const eventId = highlightEventArg(useParams());
  const view = useHighlightCreation(eventId);
  // The loaded screen (the actions, the preview, the list's first rows) is the heaviest render here. It follows in
  // the background, in slices, while the header and the loading line show: on the first render too, when the route's
  // prefetch has already fetched the data (initial value), and when the answers arrive through the store, whose
  // updates React renders in one task.
  const shownStatus = useDeferredValue(view.status, 'loading');
  const selection = useHighlightSelectionActions('creation', eventId);
  const columns = useColumns();
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [scrollError, setScrollError] = useState<string | null>(null);
  const onPreview = useCallback((clipId: string) => setPreviewId(clipId), []);
  const timeZone = view.event?.timezone ?? 'UTC';
  const tags = useMemo(() => view.sections.map((section) => section.tag), [view.sections]);
  const rows = useMemo(
    () => highlightRows(view.sections, view.additional, view.additionalTotal, columns, view.tagsListing),
    [view.sections, view.additional, view.additionalTotal, columns, view.tagsListing],
  );
  const tagsRangeChanged = useRangePaging({
    enabled: view.status === 'loaded' && view.canLoadMoreTags,
    reachIndex: useMemo(() => tagPagingIndex(rows), [rows]),
    onReach: view.loadMoreTags,
  });
  useNearBottomPaging({
    enabled: view.status === 'loaded' && view.hasMore && !view.loadingMore && !view.pagingError,
    rowCount: rows.length,
    onReach: view.showMore,
    onError: setScrollError,
  });
  const itemContent = useCallback(
    (_index: number, row: HighlightRow) => (
      <RowView
        row={row}
        columns={columns}
        timeZone={timeZone}
        onToggle={selection.toggle}
        onPreview={onPreview}
        onRetryTags={view.retryTags}
      />
    ),
    [columns, timeZone, selection.toggle, onPreview, view.retryTags],
  );

  const back = (
    <Button
      component={RouterLink}
      to="/highlights/create"
      startIcon={<ArrowBackIcon />}
      sx={{ alignSelf: 'flex-start', minHeight: 48 }}
    >
      Back
    </Button>
  );

  if (view.status === 'failed' && view.failure) {
    if (view.failure.kind === 'silent') return back;
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">
          {view.failure.kind === 'notFound' ? EVENT_NOT_FOUND_TEXT : `Error: ${view.failure.message}`}
        </Alert>
      </Stack>
    );
  }
  if (!view.event) {
    return (
      <Stack spacing={2}>
        {back}
        <Loading label={LOADING_EVENT_DATA} />
      </Stack>
    );
  }
  // The event's header shows as soon as the event is known, the loading line under it while its tags and clips
  // load (docs/decisions.md "Create Highlight's header before its clips"); the actions wait for the clips they act on.
  if (view.status === 'loading' || shownStatus === 'loading') {
    return (
      <Stack spacing={2}>
        {back}
        <EventHeader event={view.event} />
        <Loading label={LOADING_EVENT_DATA} />
      </Stack>
    );
  }

  const preview = previewId ? (view.clipsById.get(previewId) ?? null) : null;
  return (
    <Stack spacing={2}>
      {back}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <EventHeader event={view.event} />
        <Stack spacing={1} sx={{ flexShrink: 0, alignItems: 'flex-start' }}>
          <EditHighlightButton onStart={selection.start} />
          <MakeMyHighlightBesideEdit eventId={eventId} />
          <SelectMyMomentsButton eventId={eventId} tags={tags} />
        </Stack>
      </Stack>
      <SelectionMessage onDismiss={selection.dismissError} />
      {scrollError && <Alert severity="error">{scrollError}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: '1fr',
          '@media (min-width:768px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(280px, 25%)' },
        }}
      >
        <Box
          sx={{
            order: 1,
            minWidth: 280,
            '@media (min-width:768px)': { order: 2, position: 'sticky', top: 80, alignSelf: 'start' },
          }}
        >
          <HighlightPreviewPanel clip={preview} timeZone={timeZone} />
        </Box>
        <Box sx={{ order: 2, minWidth: 0, '@media (min-width:768px)': { order: 1 } }}>
          {view.tagsWarning && view.tagsListing === null && (
            <Box sx={{ mb: 2 }}>
              <TagsWarning message={view.tagsWarning} onRetry={view.retryTags} />
            </Box>
          )}
          <ClipRows rows={rows} itemContent={itemContent} rangeChanged={tagsRangeChanged} />
          {view.loadingMore && <Loading label="Loading more..." />}
          {view.pagingError && (
            <Alert severity="error" onClose={view.dismissPagingError} sx={{ mt: 2 }}>
              {view.pagingError}
            </Alert>
          )}
        </Box>
      </Box>
    </Stack>
  );
}
