import Alert from '@mui/material/Alert';
import type { ComponentType } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectIsAdmin } from '../session/selectors';

/** ADMIN-only screens: the menu hides them, and a direct visit explains why there is nothing to do. */
export function withAdminOnly(Screen: ComponentType): ComponentType {
  function AdminOnlyScreen() {
    const isAdmin = useAppSelector(selectIsAdmin);
    if (!isAdmin) return <Alert severity="warning">This page is for administrators. Ask an administrator of your club for access.</Alert>;
    return <Screen />;
  }
  return AdminOnlyScreen;
}
