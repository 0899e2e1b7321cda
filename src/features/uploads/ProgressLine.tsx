import LinearProgress, { linearProgressClasses, type LinearProgressProps } from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';

export interface ProgressLineProps {
  /** 0–100. */
  value: number;
  label: string;
  color?: LinearProgressProps['color'];
  /** A bar that moves without a figure yet (reading a file's metadata). */
  indeterminate?: boolean;
  /** Space above, in theme spacing units. */
  mt?: number;
}

/**
 * A progress bar with its percentage beside it: a file's in the upload list, the queue's in the summary.
 * Memoised on its own props, as it is the part of those screens that changes while files are sent. The bar
 * steps to each figure without MUI's 0.4 s slide: with a figure every 250 ms the bars were always sliding,
 * which kept the page drawing frames on the CPU the transfers share (a trace of a run: a quarter fewer frames
 * without it; docs/performance.md "Uploads").
 */
export const ProgressLine = memo(function ProgressLine({
  value,
  label,
  color = 'primary',
  indeterminate = false,
  mt = 0,
}: ProgressLineProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt }}>
      <LinearProgress
        variant={indeterminate ? 'indeterminate' : 'determinate'}
        value={value}
        color={color}
        aria-label={label}
        sx={{ flex: 1, height: 8, borderRadius: 4, [`& .${linearProgressClasses.bar}`]: { transition: 'none' } }}
      />
      <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
        {value}%
      </Typography>
    </Stack>
  );
});
