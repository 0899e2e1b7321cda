import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector, useInjectedSaga } from '../../app/hooks';
import { makeMyHighlightSaga } from './makeMyHighlightSaga';
import {
  makeMyHighlightDismissed,
  makeMyHighlightRequested,
  selectMakeMyHighlightEventId,
  selectMakeMyHighlightPhase,
  selectMakeMyHighlightProblem,
  type MakeMyHighlightProblem,
} from './makeMyHighlightSlice';
import {
  MAKE_MY_HIGHLIGHT,
  MAKING_YOUR_HIGHLIGHT,
  NO_CLIPS_OF_MOMENTS,
  NO_MOMENTS_TAGGED,
  TAG_MOMENTS,
  UPLOAD_CLIPS,
} from './makeMyHighlightTexts';

export interface MakeMyHighlightButtonProps {
  eventId: string;
  /** 'outlined' beside another main action (Highlight creation's Edit Highlight). */
  variant?: 'contained' | 'outlined';
  /** Held while another way to the editor on the same page is under way. */
  disabled?: boolean;
}

function ProblemMessage({ problem, onClose }: { problem: MakeMyHighlightProblem; onClose: () => void }) {
  const way = problem.kind === 'noTags' ? TAG_MOMENTS : problem.kind === 'noClips' ? UPLOAD_CLIPS : null;
  return (
    <Alert
      severity={problem.kind === 'failed' ? 'error' : 'info'}
      onClose={onClose}
      action={
        way && (
          <Button component={RouterLink} to={way.to} color="inherit" size="small" sx={{ minHeight: 40 }}>
            {way.label}
          </Button>
        )
      }
      sx={{ maxWidth: 560, '& .MuiAlert-action': { alignItems: 'center', pt: 0 } }}
    >
      {problem.kind === 'noTags' ? NO_MOMENTS_TAGGED : problem.kind === 'noClips' ? NO_CLIPS_OF_MOMENTS : problem.message}
    </Alert>
  );
}

/**
 * 'Make my highlight' (issue 13): one tap from the caller's tagged moments at `eventId` to the editor, holding the
 * clips of those moments trimmed around them (makeMyHighlightSaga). Busy while it works; what stopped it is said
 * under the button, with the way on (Tag Moments, the upload screen).
 */
export function MakeMyHighlightButton({ eventId, variant = 'contained', disabled = false }: MakeMyHighlightButtonProps) {
  useInjectedSaga('makeMyHighlight', makeMyHighlightSaga);
  const dispatch = useAppDispatch();
  const phase = useAppSelector(selectMakeMyHighlightPhase);
  const runningFor = useAppSelector(selectMakeMyHighlightEventId);
  const problem = useAppSelector((state) => selectMakeMyHighlightProblem(state, eventId));
  // One run at a time: a run started on another event's page (then left) holds this button too.
  const busy = phase !== 'idle';
  const mine = busy && runningFor === eventId;
  const start = useCallback(() => dispatch(makeMyHighlightRequested({ eventId })), [dispatch, eventId]);
  const dismiss = useCallback(() => dispatch(makeMyHighlightDismissed()), [dispatch]);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant={variant}
        size="large"
        onClick={start}
        disabled={busy || disabled}
        aria-busy={mine || undefined}
        sx={{ minHeight: 48 }}
      >
        {mine ? MAKING_YOUR_HIGHLIGHT : MAKE_MY_HIGHLIGHT}
      </Button>
      {problem && !busy && <ProblemMessage problem={problem} onClose={dismiss} />}
    </Stack>
  );
}
