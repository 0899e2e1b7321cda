import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsIcon from '@mui/icons-material/Notifications';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode, type MouseEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PRODUCT_NAME } from '../../../app/product';
import { DownloadDiagnosticsMenuItem } from '../../diagnostics/public';
import { selectIsAdmin, selectUserDisplay } from '../../session/public';
import { logoutRequested } from '../../session/public';
import { ADMIN_USER_MENU } from '../model/navigation';

type AdminEntry = (typeof ADMIN_USER_MENU)[number];

const ADMIN_ICONS: Record<AdminEntry, ReactNode> = {
  'Upgrade to Pro': <WorkspacePremiumIcon fontSize="small" />,
  Account: <AccountCircleIcon fontSize="small" />,
  Billing: <CreditCardIcon fontSize="small" />,
  Notifications: <NotificationsIcon fontSize="small" />,
};

const AVATAR_SX = { bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 } as const;

/**
 * The account button and its menu (docs/product/part-1.md §2): name and e-mail, the ADMIN-only entries,
 * Download diagnostics (for everyone: support asks any user for it), Log out.
 * The ADMIN entries' behaviour is not specified, so each opens a dialog saying it is not available yet.
 */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const { name, email, initial } = useAppSelector(selectUserDisplay);
  const isAdmin = useAppSelector(selectIsAdmin);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [unavailable, setUnavailable] = useState<AdminEntry | null>(null);
  /** The last entry shown, kept so the dialog's text stays while it fades out. */
  const [shownEntry, setShownEntry] = useState<AdminEntry>(ADMIN_USER_MENU[0]);
  const menuId = useId();
  const buttonId = useId();
  const dialogTitleId = useId();
  const open = anchor !== null;

  const close = () => setAnchor(null);
  const openEntry = (entry: AdminEntry) => {
    close();
    setShownEntry(entry);
    setUnavailable(entry);
  };
  const logOut = () => {
    close();
    dispatch(logoutRequested({ reason: 'user_logout' }));
  };

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        size="small"
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ ...AVATAR_SX, width: 36, height: 36, fontSize: '1rem' }}>{initial}</Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: false },
          paper: { sx: { minWidth: 240, mt: 1 } },
        }}
      >
        {/* Plain divs and spans: a menu may only own menu items, separators and groups (axe). */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 1, pb: 1.5 }}>
          <Avatar aria-hidden="true" sx={{ ...AVATAR_SX, width: 40, height: 40 }}>
            {initial}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="div" sx={{ fontWeight: 600 }} noWrap>
              {name}
            </Typography>
            <Typography component="div" sx={{ fontSize: '0.875rem', color: 'text.secondary' }} noWrap>
              {email}
            </Typography>
          </Box>
        </Box>
        <Divider />
        {isAdmin &&
          ADMIN_USER_MENU.map((entry) => (
            <MenuItem key={entry} onClick={() => openEntry(entry)}>
              <ListItemIcon>{ADMIN_ICONS[entry]}</ListItemIcon>
              <ListItemText>{entry}</ListItemText>
            </MenuItem>
          ))}
        {isAdmin && <Divider />}
        <DownloadDiagnosticsMenuItem onDone={close} />
        <MenuItem onClick={logOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Log out</ListItemText>
        </MenuItem>
      </Menu>
      <Dialog
        open={unavailable !== null}
        onClose={() => setUnavailable(null)}
        aria-labelledby={dialogTitleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={dialogTitleId}>{shownEntry}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {shownEntry} is not available yet. This part of {PRODUCT_NAME} is coming in a future update.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUnavailable(null)} variant="contained" autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
