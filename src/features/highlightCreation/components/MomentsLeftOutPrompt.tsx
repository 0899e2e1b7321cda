import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatVenueDateTime } from '../../../lib/venueTime';
import type { MakeMyHighlightPending } from '../model/makeMyHighlightSlice';
import {
  CANCEL,
  MOMENTS_LEFT_OUT_TITLE,
  noClipNearbyText,
  OPEN_THE_EDITOR,
  openWithClipsText,
  overCapText,
  UPLOAD_CLIPS,
} from '../model/makeMyHighlightMessages';
import type { LeftOutMoment } from '../model/myMoments';

export interface MomentsLeftOutPromptProps {
  pending: MakeMyHighlightPending;
  /** The answer is being acted on, or another way to the editor holds the page. */
  disabled: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** One reason with the moments' times, as tag times are shown on the venue's clock (with seconds, as on Highlight creation). */
function LeftOutGroup({ text, moments, timezone }: { text: string; moments: readonly LeftOutMoment[]; timezone: string | null }) {
  const id = useId();
  if (moments.length === 0) return null;
  return (
    <Box>
      <Typography id={id} sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={id}
        sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}
      >
        {moments.map((moment) => (
          <li key={moment.tagId}>{formatVenueDateTime(moment.timestamp, timezone, { seconds: true })}</li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * 'Make my highlight' found clips but left moments out: which, and why, before the page leaves for the editor (the
 * editor is another page, with no place for the app's tags). Open the editor with the rest, cancel, or (moments
 * without a clip) go and upload their clips.
 */
export function MomentsLeftOutPrompt({ pending, disabled, onConfirm, onCancel }: MomentsLeftOutPromptProps) {
  const { leftOut, timezone } = pending;
  return (
    <Alert severity="warning" sx={{ maxWidth: 640, width: '100%', '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{MOMENTS_LEFT_OUT_TITLE}</AlertTitle>
      <Stack spacing={1.5}>
        <LeftOutGroup text={noClipNearbyText(leftOut.noClip.length)} moments={leftOut.noClip} timezone={timezone} />
        <LeftOutGroup text={overCapText(leftOut.overCap.length)} moments={leftOut.overCap} timezone={timezone} />
        <Typography>{openWithClipsText(pending.clipIds.length)}</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {/* The press that led here disabled its button: the focus comes here, to the way on. */}
          <Button variant="contained" onClick={onConfirm} disabled={disabled} autoFocus sx={{ minHeight: 44 }}>
            {OPEN_THE_EDITOR}
          </Button>
          <Button variant="text" color="inherit" onClick={onCancel} disabled={disabled} sx={{ minHeight: 44 }}>
            {CANCEL}
          </Button>
          {leftOut.noClip.length > 0 && (
            <Button
              component={RouterLink}
              to={UPLOAD_CLIPS.to}
              onClick={onCancel}
              variant="text"
              color="inherit"
              sx={{ minHeight: 44 }}
            >
              {UPLOAD_CLIPS.label}
            </Button>
          )}
        </Stack>
      </Stack>
    </Alert>
  );
}
