import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  makeMyHighlightCancelled,
  makeMyHighlightConfirmed,
  makeMyHighlightDismissed,
  makeMyHighlightRequested,
  selectMakeMyHighlightEventId,
  selectMakeMyHighlightPending,
  selectMakeMyHighlightPhase,
  selectMakeMyHighlightProblem,
  selectMakeMyHighlightUnderWay,
  type MakeMyHighlightProblem,
} from '../model/makeMyHighlightSlice';
import {
  MAKE_MY_HIGHLIGHT,
  MAKING_YOUR_HIGHLIGHT,
  NO_CLIPS_OF_MOMENTS,
  NO_MOMENTS_TAGGED,
  TAG_MOMENTS,
  UPLOAD_CLIPS,
} from '../model/makeMyHighlightMessages';
import { MomentsLeftOutPrompt } from './MomentsLeftOutPrompt';

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
 * 'Make my highlight': one tap from the caller's tagged moments at `eventId` to the editor, holding the
 * clips of those moments trimmed around them (makeMyHighlightSaga). Busy while it works; what stopped it is said
 * under the button, with the way on (Tag Moments, the upload screen); moments left out are named there before the
 * editor opens, which waits for the user to go on.
 */
export function MakeMyHighlightButton({ eventId, variant = 'contained', disabled = false }: MakeMyHighlightButtonProps) {
  const dispatch = useAppDispatch();
  const phase = useAppSelector(selectMakeMyHighlightPhase);
  const underWay = useAppSelector(selectMakeMyHighlightUnderWay);
  const runningFor = useAppSelector(selectMakeMyHighlightEventId);
  const problem = useAppSelector((state) => selectMakeMyHighlightProblem(state, eventId));
  const pending = useAppSelector((state) => selectMakeMyHighlightPending(state, eventId));
  // One run at a time: a run started on another event's page (then left) holds this button too; a plan waiting for
  // its answer holds only its own event's.
  const mine = underWay && runningFor === eventId;
  const busy = underWay || pending !== null;
  const start = useCallback(() => dispatch(makeMyHighlightRequested({ eventId })), [dispatch, eventId]);
  const dismiss = useCallback(() => dispatch(makeMyHighlightDismissed()), [dispatch]);
  const confirm = useCallback(() => dispatch(makeMyHighlightConfirmed()), [dispatch]);
  const cancel = useCallback(() => dispatch(makeMyHighlightCancelled()), [dispatch]);
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
      {pending && (
        <MomentsLeftOutPrompt
          pending={pending}
          disabled={phase !== 'confirming' || disabled}
          onConfirm={confirm}
          onCancel={cancel}
        />
      )}
    </Stack>
  );
}
