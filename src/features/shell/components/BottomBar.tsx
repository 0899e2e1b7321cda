import MenuIcon from '@mui/icons-material/Menu';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { BOTTOM_BAR_HEIGHT_PX } from '../../../app/theme';
import { selectActiveUploadCount } from '../../uploads/public';
import { NAV_ICONS } from '../model/navIcons';
import { badgeDescription, badgeText, bottomBarItems } from '../model/navigation';
import { mobileMenuOpened, selectMobileMenuOpen } from '../model/shellSlice';

/** The links come from the route table; More (which opens the menu panel) is the bar's own. */
const ITEMS = bottomBarItems();
const MORE = 'More';

function isActive(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The mobile bottom bar (docs/product/part-1.md §2): Upload (with the active-upload badge), Events, Tags, More. */
export function BottomBar() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const activeUploads = useAppSelector(selectActiveUploadCount);
  const menuOpen = useAppSelector(selectMobileMenuOpen);
  const badge = badgeText(activeUploads);
  const badgeDescriptionId = useId();
  const current = ITEMS.find((item) => isActive(item.path, pathname))?.label ?? null;

  return (
    <Paper
      component="nav"
      aria-label="Shortcuts"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        pb: 'env(safe-area-inset-bottom, 0px)',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <BottomNavigation
        showLabels
        value={current}
        sx={{
          height: BOTTOM_BAR_HEIGHT_PX,
          '& .MuiBottomNavigationAction-root': { color: 'text.secondary', minWidth: 0 },
          '& .MuiBottomNavigationAction-root.Mui-selected': {
            color: 'text.primary',
            '& .MuiSvgIcon-root': { color: 'brand.text' },
          },
          '& .MuiBottomNavigationAction-root.Mui-selected::before': {
            content: '""',
            position: 'absolute',
            top: 0,
            left: '25%',
            right: '25%',
            height: 3,
            borderRadius: '0 0 3px 3px',
            bgcolor: 'primary.main',
          },
        }}
      >
        {ITEMS.map((item) => {
          const Icon = NAV_ICONS[item.icon];
          const showBadge = item.badge === 'activeUploads' && badge !== null;
          const icon = showBadge ? (
            <Badge badgeContent={badge} color="primary" slotProps={{ badge: { 'aria-hidden': true } }}>
              <Icon />
            </Badge>
          ) : (
            <Icon />
          );
          return (
            <BottomNavigationAction
              key={item.path}
              component={Link}
              to={item.path}
              value={item.label}
              label={item.label}
              icon={icon}
              aria-current={current === item.label ? 'page' : undefined}
              aria-describedby={showBadge ? badgeDescriptionId : undefined}
            />
          );
        })}
        <BottomNavigationAction
          value={MORE}
          label={MORE}
          icon={<MenuIcon />}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => dispatch(mobileMenuOpened())}
        />
      </BottomNavigation>
      {badge !== null && (
        <Box id={badgeDescriptionId} hidden>
          {badgeDescription(activeUploads)}
        </Box>
      )}
    </Paper>
  );
}
