import Box from '@mui/material/Box';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { Spinner } from '../../../components/Spinner';
import { selectSessionStatus } from '../../session/public';

/** The sign-in check's screen, which every page may show first: Box only (MUI's Typography loads with the screens). */
export function LoadingScreen() {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <Spinner />
      <Box component="p" sx={{ typography: 'body1', m: 0 }}>
        Loading...
      </Box>
    </Box>
  );
}

/** The route guard (docs/product/part-1.md §2): spinner while loading, /login (replacing history) when signed out. */
export function RequireAuth() {
  const status = useAppSelector(selectSessionStatus);
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedOut')
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
  return <Outlet />;
}
