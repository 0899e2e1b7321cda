import LinearProgress from '@mui/material/LinearProgress';
import { styled, type Theme } from '@mui/material/styles';
import { memo } from 'react';

type BarColor = 'primary' | 'success' | 'error';

export interface ProgressLineProps {
  /** 0–100. */
  value: number;
  label: string;
  color?: BarColor;
  /** A bar that moves without a figure yet (reading a file's metadata). */
  indeterminate?: boolean;
  /** Space above, in theme spacing units. */
  mt?: number;
}

/** The track's shade of `color`, as MUI's LinearProgress draws it; worked out once per theme, not per figure. */
const shades = new WeakMap<Theme, Partial<Record<BarColor, string>>>();
function trackShade(theme: Theme, color: BarColor): string {
  const known = shades.get(theme) ?? {};
  shades.set(theme, known);
  const main = theme.palette[color].main;
  return (known[color] ??= theme.palette.mode === 'light' ? theme.lighten(main, 0.62) : theme.darken(main, 0.5));
}

const Line = styled('div', { shouldForwardProp: (prop) => prop !== 'space' })<{ space: number }>(({ theme, space }) => ({
  display: 'flex',
  alignItems: 'center',
  marginTop: theme.spacing(space),
}));

// Looks as MUI's determinate LinearProgress does (a track in a light shade, the bar in the colour's main), drawn
// by two plain elements whose styles never change with the figure: the figure moves the fill by its inline
// transform alone, on a layer of its own, so the compositor moves it without a repaint.
const Track = styled('div', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: BarColor }>(({ theme, tone }) => ({
  position: 'relative',
  overflow: 'hidden',
  flex: 1,
  height: 8,
  borderRadius: 4,
  zIndex: 0,
  backgroundColor: trackShade(theme, tone),
  '@media print': { colorAdjust: 'exact' },
  '& > div': {
    position: 'absolute',
    inset: 0,
    transformOrigin: 'left',
    willChange: 'transform',
    backgroundColor: theme.palette[tone].main,
  },
}));

/** One line of text's height: a unitless line height is in ems of the text's own size. */
const lineBox = (lineHeight: number | string | undefined) =>
  typeof lineHeight === 'number' ? `${lineHeight}em` : (lineHeight ?? '1.5em');

// A fixed box that contains its own layout: a new figure relays out these few characters, not the row and page.
const Figure = styled('span')(({ theme }) => ({
  ...theme.typography.body2,
  flex: 'none',
  width: 44,
  height: lineBox(theme.typography.body2.lineHeight),
  marginLeft: theme.spacing(1),
  textAlign: 'right',
  contain: 'strict',
}));

/**
 * A progress bar with its percentage beside it: a file's in the upload list, the queue's in the summary.
 * It changes a few times a second per file while files are sent, on the CPU the transfers share, so each change
 * costs little (docs/performance.md "Uploads"): memoised on its own props; the bar steps to each figure
 * without a slide (a bar always sliding kept the page drawing frames); and where MUI's LinearProgress rendered its
 * four styled parts again for every figure, the bar here is two plain elements whose styles do not depend on it.
 * Reading a file's metadata (no figure yet) shows MUI's moving bar.
 */
export const ProgressLine = memo(function ProgressLine({
  value,
  label,
  color = 'primary',
  indeterminate = false,
  mt = 0,
}: ProgressLineProps) {
  const shown = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <Line space={mt}>
      {indeterminate ? (
        <LinearProgress variant="indeterminate" color={color} aria-label={label} sx={{ flex: 1, height: 8, borderRadius: 4 }} />
      ) : (
        <Track tone={color} role="progressbar" aria-label={label} aria-valuenow={shown} aria-valuemin={0} aria-valuemax={100}>
          <div style={{ transform: `translateX(${shown - 100}%)` }} />
        </Track>
      )}
      <Figure>{value}%</Figure>
    </Line>
  );
});
