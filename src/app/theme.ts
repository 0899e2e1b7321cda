import { createTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT_PX } from './device';

/** Brand green (docs/product/part-1.md §9). */
export const BRAND_GREEN = '#8cc641';
/** The brand green dark enough for text on white (5.5:1; #8cc641 itself is 2:1). */
export const BRAND_GREEN_TEXT = '#4a7417';
/** The near-black green for text and icons on the brand green. */
const BRAND_INK = '#10210a';
/** The sidebar's dark slate (secondary.main; white text on it is secondary.contrastText). */
const SIDEBAR = '#1f2a37';

/*
 * Every colour the screens use is named here, in the palette, so a screen says what a colour is for ('primary.contrastText',
 * 'onDark.muted', 'scrim.main') and sx resolves it from the theme; lint keeps colour literals out of components.
 */
interface BrandColors {
  /** The green for text on white (the brand green itself is primary.main; text on it, primary.contrastText). */
  text: string;
  /** Behind the landing illustration while it loads. */
  night: string;
}
interface OnDarkColors {
  text: string;
  muted: string;
  divider: string;
  hover: string;
}
interface ScrimColors {
  /** Behind a control over video. */
  main: string;
  hover: string;
  /** Behind a label over video. */
  strong: string;
}
declare module '@mui/material/styles' {
  interface Palette {
    brand: BrandColors;
    onDark: OnDarkColors;
    scrim: ScrimColors;
  }
  interface PaletteOptions {
    brand?: BrandColors;
    onDark?: OnDarkColors;
    scrim?: ScrimColors;
  }
}

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
    primary: { main: BRAND_GREEN, dark: '#79b130', contrastText: BRAND_INK },
    secondary: { main: SIDEBAR },
    brand: { text: BRAND_GREEN_TEXT, night: '#1d2560' },
    onDark: {
      text: 'rgba(255, 255, 255, 0.88)',
      muted: 'rgba(255, 255, 255, 0.7)',
      divider: 'rgba(255, 255, 255, 0.14)',
      hover: 'rgba(255, 255, 255, 0.08)',
    },
    scrim: { main: 'rgba(0, 0, 0, 0.6)', hover: 'rgba(0, 0, 0, 0.8)', strong: 'rgba(0, 0, 0, 0.75)' },
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
