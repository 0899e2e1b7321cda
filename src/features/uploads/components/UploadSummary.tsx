import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { formatEventPlace, formatEventStart } from '../../events/public';
import type { EventSummary } from '../../events/public';
import { ProgressLine } from './ProgressLine';

export interface UploadSummaryCounts {
  total: number;
  completed: number;
  failed: number;
  /** Uploading or extracting metadata. */
  uploading: number;
  pending: number;
  /** Overall progress by bytes, 0–100. */
  progress: number;
}

export interface UploadSummaryProps {
  summary: UploadSummaryCounts;
  /** The event the files go to; none when uploading without an event. */
  event?: EventSummary | null;
  onClearAll: () => void;
}

/**
 * 'Upload Summary': the event the files go to (its start on the venue's clock), counts by status,
 * overall progress and Clear All (presentational). The title, event and counts are memoised apart from
 * the bar, so the progress updates of a run render the bar alone, and each count apart from the title and the
 * others, so a file changing status renders the two counts it moves (docs/performance.md "Uploads").
 */
export function UploadSummary({ summary, event = null, onClearAll }: UploadSummaryProps) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <SummaryDetails
          titleId={titleId}
          total={summary.total}
          completed={summary.completed}
          failed={summary.failed}
          uploading={summary.uploading}
          pending={summary.pending}
          event={event}
          onClearAll={onClearAll}
        />
        <ProgressLine value={summary.progress} label="Overall upload progress" />
      </Stack>
    </Paper>
  );
}

const SummaryDetails = memo(function SummaryDetails({
  titleId,
  event,
  onClearAll,
  ...summary
}: Omit<UploadSummaryCounts, 'progress'> & { titleId: string; event: EventSummary | null; onClearAll: () => void }) {
  return (
    <>
      <SummaryTitle titleId={titleId} event={event} onClearAll={onClearAll} />
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' },
          gap: 1,
        }}
      >
        <Count label="Total" value={summary.total} />
        <Count label="Completed" value={summary.completed} />
        <Count label="Failed" value={summary.failed} />
        <Count label="In progress" value={summary.uploading} />
        <Count label="Pending" value={summary.pending} />
      </Box>
    </>
  );
});

/** The title, the event and Clear All: the same from the first file to the last, so a new count leaves them be. */
const SummaryTitle = memo(function SummaryTitle({
  titleId,
  event,
  onClearAll,
}: {
  titleId: string;
  event: EventSummary | null;
  onClearAll: () => void;
}) {
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={titleId} variant="h6" component="h2">
          Upload Summary
        </Typography>
        <Button onClick={onClearAll} size="large">
          Clear All
        </Button>
      </Stack>
      {event && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Event: {event.name} · {formatEventStart(event)} · {formatEventPlace(event)}
        </Typography>
      )}
    </>
  );
});

/** One count: a file changing status changes two of the five, and only those render again. */
const Count = memo(function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
});
