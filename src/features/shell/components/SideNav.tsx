import StadiumIcon from '@mui/icons-material/Stadium';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import { Link, NavLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PRODUCT_NAME } from '../../../app/product';
import { selectIsAdmin } from '../../session/public';
import { NAV_ICONS } from '../model/navIcons';
import { visibleNav } from '../model/navigation';
import { mobileMenuClosed, selectSidebarOpen } from '../model/shellSlice';
import { useMobileLayout } from './useMobileLayout';

/** Text kept for screen readers while the collapsed rail hides it. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The brand: logo mark and product name, linking home. */
function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <Box
      component={Link}
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 64,
        px: collapsed ? '8px' : 2,
        color: 'secondary.contrastText',
        textDecoration: 'none',
        flexShrink: 0,
        transition: (t) => t.transitions.create('padding'),
        '&:focus-visible': { outline: (t) => `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 32,
          height: 32,
          borderRadius: '9px',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          boxShadow: (t) => `0 0 0 3px ${alpha(t.palette.primary.main, 0.25)}`,
        }}
      >
        <StadiumIcon sx={{ fontSize: 20 }} />
      </Box>
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: '1.15rem',
          letterSpacing: '0.02em',
          whiteSpace: 'nowrap',
          opacity: collapsed ? 0 : 1,
          transition: (t) => t.transitions.create('opacity'),
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}

/**
 * The menu (docs/product/part-1.md §2): groups and items for this user, as router links. On desktop it is
 * the sidebar (collapsed to an icon rail with tooltips); on mobile the content of the slide-out panel.
 */
export function SideNav() {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector(selectIsAdmin);
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const mobile = useMobileLayout();
  const collapsed = !mobile && !sidebarOpen;
  const idPrefix = useId();
  const groups = visibleNav(isAdmin);

  const onItemClick = () => {
    if (mobile) dispatch(mobileMenuClosed());
  };

  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden', color: 'onDark.text' }}
    >
      <Brand collapsed={collapsed} />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', pb: 2 }}>
        {groups.map((group, index) => {
          const headerId = `${idPrefix}-${group.label}`;
          const GroupIcon = NAV_ICONS[group.icon];
          return (
            <List
              key={group.label}
              dense
              aria-labelledby={headerId}
              sx={{
                py: 0.5,
                borderTop: '1px solid',
                borderTopColor: collapsed && index > 0 ? 'onDark.divider' : 'transparent',
              }}
              subheader={
                <ListSubheader
                  id={headerId}
                  disableSticky
                  sx={
                    collapsed
                      ? visuallyHidden
                      : {
                          display: 'flex',
                          alignItems: 'center',
                          gap: 1,
                          bgcolor: 'transparent',
                          color: 'onDark.muted',
                          fontSize: '0.75rem',
                          fontWeight: 700,
                          letterSpacing: '0.08em',
                          textTransform: 'uppercase',
                          lineHeight: '36px',
                          px: 2,
                          whiteSpace: 'nowrap',
                        }
                  }
                >
                  <GroupIcon aria-hidden="true" sx={{ fontSize: 18, color: 'primary.main' }} />
                  {group.label}
                </ListSubheader>
              }
            >
              {group.items.map((item) => {
                const ItemIcon = NAV_ICONS[item.icon];
                return (
                  <ListItem key={item.path} disablePadding>
                    <Tooltip
                      title={item.label}
                      placement="right"
                      disableHoverListener={!collapsed}
                      disableFocusListener={!collapsed}
                      disableTouchListener={!collapsed}
                    >
                      <ListItemButton
                        component={NavLink}
                        to={item.path}
                        onClick={onItemClick}
                        sx={{
                          minHeight: 40,
                          px: '12px',
                          mx: collapsed ? 0 : 1,
                          borderRadius: collapsed ? 0 : 1.5,
                          color: 'onDark.text',
                          transition: (t) => t.transitions.create(['margin', 'border-radius', 'background-color']),
                          '&:hover': { bgcolor: 'onDark.hover' },
                          '&.Mui-focusVisible, &:focus-visible': {
                            bgcolor: 'onDark.hover',
                            outline: (t) => `2px solid ${t.palette.primary.main}`,
                            outlineOffset: -2,
                          },
                          '&.active': {
                            bgcolor: (t) => alpha(t.palette.primary.main, 0.18),
                            color: 'secondary.contrastText',
                            boxShadow: (t) => `inset 3px 0 0 ${t.palette.primary.main}`,
                            '& .MuiListItemIcon-root': { color: 'primary.main' },
                            '& .MuiListItemText-primary': { fontWeight: 700 },
                          },
                        }}
                      >
                        <ListItemIcon sx={{ minWidth: 0, mr: 2, color: 'onDark.muted' }}>
                          <ItemIcon fontSize="small" />
                        </ListItemIcon>
                        <ListItemText
                          primary={item.label}
                          sx={{
                            m: 0,
                            whiteSpace: 'nowrap',
                            opacity: collapsed ? 0 : 1,
                            transition: (t) => t.transitions.create('opacity'),
                          }}
                          slotProps={{ primary: { sx: { fontSize: '0.9rem' } } }}
                        />
                      </ListItemButton>
                    </Tooltip>
                  </ListItem>
                );
              })}
            </List>
          );
        })}
      </Box>
    </Box>
  );
}
