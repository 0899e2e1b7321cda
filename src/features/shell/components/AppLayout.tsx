import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, useId } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { BOTTOM_BAR_HEIGHT_PX, SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_MOBILE } from '../../../app/theme';
import { ErrorBoundary } from '../../errors/public';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { BottomBar } from './BottomBar';
import { SessionWarningBanner } from './SessionWarningBanner';
import { SideNav } from './SideNav';
import { mobileMenuClosed, selectMobileMenuOpen, selectSidebarOpen, sidebarToggled } from '../model/shellSlice';
import { UserMenu } from './UserMenu';
import { useMobileLayout } from './useMobileLayout';

const MAIN_ID = 'main-content';

/** Off-screen until focused: lets keyboard users jump past the menu. */
function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 700,
        textDecoration: 'none',
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}

/**
 * The layout of every signed-in route (docs/product/part-1.md §2 "Shell behaviour"): on desktop a permanent
 * sidebar (16 rem, or a 3 rem icon rail); under 768 px a top bar, a slide-out panel and a bottom bar.
 * A failing screen shows the error fallback inside the shell, and a new route clears it.
 */
export default function AppLayout() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const navigate = useNavigate();
  const mobile = useMobileLayout();
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const mobileMenuOpen = useAppSelector(selectMobileMenuOpen);
  const navId = useId();
  const sidebarWidth = sidebarOpen ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink />
      {mobile ? (
        <Drawer
          id={navId}
          variant="temporary"
          open={mobileMenuOpen}
          onClose={() => dispatch(mobileMenuClosed())}
          slotProps={{
            paper: {
              'aria-label': 'Menu',
              sx: { width: SIDEBAR_WIDTH_MOBILE, maxWidth: '85vw', bgcolor: 'secondary.main', color: 'secondary.contrastText' },
            },
          }}
        >
          <SideNav />
        </Drawer>
      ) : (
        <Drawer
          id={navId}
          variant="permanent"
          sx={{
            width: sidebarWidth,
            flexShrink: 0,
            transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
          }}
          slotProps={{
            paper: {
              sx: {
                width: sidebarWidth,
                overflowX: 'hidden',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                borderRight: 'none',
                transition: (t) => t.transitions.create('width', { duration: t.transitions.duration.shorter }),
              },
            },
          }}
        >
          <SideNav />
        </Drawer>
      )}

      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
        >
          <Toolbar sx={{ gap: { xs: 1, md: 1.5 }, px: { xs: 1, md: 2 } }}>
            <IconButton
              aria-label="Toggle sidebar"
              aria-controls={mobile && !mobileMenuOpen ? undefined : navId}
              aria-expanded={mobile ? mobileMenuOpen : sidebarOpen}
              edge="start"
              onClick={() => dispatch(sidebarToggled({ mobile }))}
              sx={{ ml: { xs: 0, md: -0.5 } }}
            >
              {!mobile && sidebarOpen ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
            <Box sx={{ flexGrow: 1, minWidth: 0, overflow: 'hidden' }}>
              <AppBreadcrumbs />
            </Box>
            <UserMenu />
          </Toolbar>
        </AppBar>

        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            outline: 'none',
            px: { xs: 2, md: 4 },
            pt: { xs: 2, md: 3 },
            pb: mobile ? `calc(${BOTTOM_BAR_HEIGHT_PX}px + env(safe-area-inset-bottom, 0px) + 24px)` : 4,
          }}
        >
          <SessionWarningBanner />
          <ErrorBoundary key={location.pathname} onGoHome={() => navigate('/')}>
            {/* A screen's chunk loads inside the shell: the menu stays put while it arrives. */}
            <Suspense
              fallback={
                <Box role="status" aria-label="Loading..." sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
                  <CircularProgress aria-hidden="true" />
                </Box>
              }
            >
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Box>
      </Box>

      {mobile && <BottomBar />}
    </Box>
  );
}
