import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX } from './device';

/** Brand green (docs/product/part-1.md §9). */
export const BRAND_GREEN = '#8cc641';
/** The brand green dark enough for text on white (5.5:1; #8cc641 itself is 2:1). */
export const BRAND_GREEN_TEXT = '#4a7417';

/** Sidebar widths (docs/product/part-1.md §9). */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
/** The mobile bottom bar's height without the safe-area inset: the layout pads by it, sticky controls sit above it. */
export const BOTTOM_BAR_HEIGHT_PX = 56;
export const SIDEBAR_WIDTH_COLLAPSED = '3rem';

/** Tooltip delays (docs/product/part-1.md §9): open after 700 ms; once one was open, the next opens after 300 ms. */
export const TOOLTIP_ENTER_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const theme = createTheme({
  palette: {
    // dark is the hover of contained buttons under dark text: kept light enough for 4.5:1.
    primary: { main: BRAND_GREEN, dark: '#79b130', contrastText: '#10210a' },
    secondary: { main: '#1f2a37' },
    background: { default: '#f6f8f4' },
  },
  // md is the mobile breakpoint (docs/product/part-1.md §9): the layout, the shortcut and sx values follow one constant.
  breakpoints: { values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1024, xl: 1280 } },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiTooltip: {
      defaultProps: { enterDelay: TOOLTIP_ENTER_DELAY_MS, enterNextDelay: TOOLTIP_SKIP_DELAY_MS, arrow: true },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        // Outlined and text buttons put the colour on text: use the readable green.
        root: ({ ownerState }) =>
          ownerState.color === 'primary' && (ownerState.variant === 'outlined' || ownerState.variant === 'text')
            ? { color: BRAND_GREEN_TEXT, borderColor: BRAND_GREEN_TEXT }
            : {},
      },
    },
    MuiLink: { defaultProps: { color: BRAND_GREEN_TEXT } },
    // Focused fields show their label and outline in the readable green.
    MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused': { color: BRAND_GREEN_TEXT } } } },
    MuiOutlinedInput: {
      styleOverrides: { root: { '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: BRAND_GREEN_TEXT } } },
    },
  },
});
