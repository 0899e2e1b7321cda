import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectSessionWarning, type WarningSeverity } from '../../session/public';
import { staySignedInRequested } from '../../session/public';

const ALERT_SEVERITY: Record<WarningSeverity, AlertColor> = {
  critical: 'error',
  warning: 'warning',
  info: 'info',
};

/** The session warning (docs/product/part-1.md §4) at the top of the content, with 'Stay signed in'. */
export function SessionWarningBanner() {
  const dispatch = useAppDispatch();
  const warning = useAppSelector(selectSessionWarning);
  if (!warning) return null;
  return (
    <Alert
      role="alert"
      severity={ALERT_SEVERITY[warning.severity]}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={() => dispatch(staySignedInRequested())}>
          Stay signed in
        </Button>
      }
    >
      {warning.text}
    </Alert>
  );
}
