import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectIsAdmin } from '../../session/public';

/** ADMIN-only screens: the menu hides them, and a direct visit explains why there is nothing to do. */
export default function AdminOnly({ children }: { children: ReactNode }) {
  const isAdmin = useAppSelector(selectIsAdmin);
  if (!isAdmin)
    return <Alert severity="warning">This page is for administrators. Ask an administrator of your club for access.</Alert>;
  return <>{children}</>;
}
