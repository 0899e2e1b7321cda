import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_MEDIA_QUERY } from '../../../app/device';

/**
 * Mobile layout (panel + bottom bar) or desktop (sidebar): the same rule as `isMobileViewport`, which
 * the Ctrl/Cmd+B shortcut uses, live as the viewport changes. The first render already has the
 * answer, so the shortcut and the screen never disagree.
 */
export function useMobileLayout(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
}
