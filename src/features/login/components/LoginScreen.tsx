import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PRODUCT_NAME } from '../../../app/product';
import { useHydrated } from '../../../app/useHydrated';
import { logoutReasonDismissed, selectLogoutExplanation, selectSessionStatus } from '../../session/public';
import {
  loginErrorDismissed,
  loginPageOpened,
  loginStarted,
  selectLoginError,
  selectLoginPhase,
  type LoginPhase,
} from '../model/loginSlice';
import { returnPathOf } from '../model/returnPath';

const PHASE_TEXT: Record<Exclude<LoginPhase, 'idle'>, string> = {
  redirecting: 'Redirecting...',
  completing: 'Completing sign-in...',
  recovering: 'Recovering your session...',
};

/** The login screen (docs/product/part-1.md §2 Login, §4 Login, §8 Login). */
export default function LoginScreen() {
  const dispatch = useAppDispatch();
  const { search, state } = useLocation();
  const phase = useAppSelector(selectLoginPhase);
  const error = useAppSelector(selectLoginError);
  const status = useAppSelector(selectSessionStatus);
  const forcedOut = useAppSelector(selectLogoutExplanation);
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  // Painted by the build's prerender before any script runs: the controls wait for the app to start.
  const ready = useHydrated();

  useEffect(() => {
    dispatch(loginPageOpened({ search }));
  }, [dispatch, search]);

  const busy = phase !== 'idle';
  // Signed in here (a session another tab handed over late, or a second visit): back where the guard turned us away.
  if (status === 'signedIn' && !busy && !search) return <Navigate to={returnPathOf(state)} replace />;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #0f1a12 0%, #1f3a17 55%, #8cc641 140%)',
      }}
    >
      {/* A Box, not a Paper: Paper always writes its shadow as an inline style attribute, which the prerendered page
          may not carry under the Content-Security-Policy (src/prerender/renderPage.tsx). */}
      <Box
        sx={{
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 4 },
          borderRadius: 3,
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: 6,
        }}
      >
        <Stack spacing={3}>
          <Stack spacing={1} sx={{ textAlign: 'center' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              Welcome to {PRODUCT_NAME}
            </Typography>
            <Typography color="text.secondary">Sign in with your Google or Apple account</Typography>
          </Stack>

          {forcedOut && !error && (
            <Alert severity="warning" onClose={() => dispatch(logoutReasonDismissed())}>
              {forcedOut.title && <AlertTitle>{forcedOut.title}</AlertTitle>}
              {forcedOut.message}
            </Alert>
          )}

          {error && (
            <Alert severity="error" onClose={() => dispatch(loginErrorDismissed())}>
              {error.message}
              {error.hint && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {error.hint}
                </Typography>
              )}
            </Alert>
          )}

          {busy ? (
            <Stack role="status" aria-live="polite" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
              <CircularProgress aria-hidden="true" />
              <Typography>{PHASE_TEXT[phase]}</Typography>
            </Stack>
          ) : (
            <Stack spacing={1.5}>
              <Button variant="contained" size="large" disabled={!ready} onClick={() => dispatch(loginStarted({ keepSignedIn }))}>
                Sign in
              </Button>
              <FormControlLabel
                disabled={!ready}
                control={<Checkbox checked={keepSignedIn} onChange={(e) => setKeepSignedIn(e.target.checked)} />}
                label="Keep me signed in"
              />
            </Stack>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
