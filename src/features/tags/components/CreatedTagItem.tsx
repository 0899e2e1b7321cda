import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatVenueDateTime } from '../../../lib/venueTime';
import type { CreatedTag } from '../model/tagTypes';
import { memo } from 'react';

/** docs/product/part-2.md §8 "Tags": the red card's default text. */
export const FAILED_TO_CREATE_TAG = 'Failed to create tag';
export const TAG_STATUS_TEXT = {
  sending: 'Sending…',
  waiting: 'Waiting to send',
  sent: 'Sent',
} as const;
export const WAITING_HINT = 'Kept on this device; it is sent by itself as soon as the server can be reached.';

export interface CreatedTagItemProps {
  tag: CreatedTag;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}

function Status({ tag }: { tag: CreatedTag }) {
  let icon: ReactNode;
  let color: string;
  switch (tag.status) {
    case 'sending':
      icon = <CircularProgress size={16} aria-hidden="true" />;
      color = 'text.secondary';
      break;
    case 'waiting':
      icon = <CloudQueueIcon fontSize="small" aria-hidden="true" />;
      color = 'warning.dark';
      break;
    default:
      icon = <CheckCircleIcon fontSize="small" aria-hidden="true" />;
      color = 'success.dark';
  }
  const text = tag.status === 'failed' ? '' : TAG_STATUS_TEXT[tag.status];
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexShrink: 0 }}>
      <Box sx={{ color, display: 'flex' }}>{icon}</Box>
      <Typography variant="body2" sx={{ fontWeight: 600, color: tag.status === 'sent' ? color : 'text.primary' }}>
        {text}
      </Typography>
    </Stack>
  );
}

/**
 * One tag made on this device (presentational): its time and date on the venue's clock, its event and
 * description, and where it stands — 'Sending…', 'Waiting to send' (kept here, sent when the connection returns),
 * 'Sent', or a red card with the server's reason and Retry / Discard. `data-client-id` and `data-status` let a
 * benchmark watch a tap become a sent tag.
 */
function CreatedTagItemView({ tag, onRetry, onDiscard }: CreatedTagItemProps) {
  const when = formatVenueDateTime(tag.timestamp, tag.timezone, { seconds: true });
  const body = (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>
        <time dateTime={tag.timestamp}>{when}</time>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {tag.eventName}
      </Typography>
      {tag.description && <Typography sx={{ overflowWrap: 'anywhere', mt: 0.5 }}>{tag.description}</Typography>}
    </Box>
  );

  return (
    <ListItem
      data-client-id={tag.clientId}
      data-status={tag.status}
      divider
      disablePadding
      sx={{ display: 'block', py: 1.5, px: 2 }}
    >
      {tag.status === 'failed' ? (
        // role status, not alert: opening the screen with kept refusals must not fire one alert each; the
        // list's live region announces a new refusal once.
        <Alert severity="error" role="status" sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
          <AlertTitle>{FAILED_TO_CREATE_TAG}</AlertTitle>
          {tag.error && tag.error !== FAILED_TO_CREATE_TAG && <Typography variant="body2">{tag.error}</Typography>}
          <Box sx={{ mt: 1, color: 'text.primary' }}>{body}</Box>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
            <Button variant="contained" color="error" size="large" onClick={() => onRetry(tag.clientId)}>
              Retry
            </Button>
            <Button variant="outlined" color="error" size="large" onClick={() => onDiscard(tag.clientId)}>
              Discard
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack spacing={0.5}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            {body}
            <Status tag={tag} />
          </Stack>
          {tag.status === 'waiting' && (
            <Typography variant="body2" color="text.secondary">
              {WAITING_HINT}
            </Typography>
          )}
        </Stack>
      )}
    </ListItem>
  );
}

/** Memoized: a tap re-renders Tag Moments, and only what changed should render again (npm run bench:tag). */
export const CreatedTagItem = memo(CreatedTagItemView);
