import Box from '@mui/material/Box';
import { keyframes } from '@emotion/react';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * A plain turning ring for the sign-in check that every page shows first. MUI's CircularProgress would put
 * ~2 KB gzip into every page's initial JS (docs/architecture.md "Performance"); screens loaded later use it.
 * Decorative: the caller says what is loading in words.
 */
export function Spinner({ size = 40 }: { size?: number }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        border: 4,
        borderColor: 'action.selected',
        borderTopColor: 'primary.main',
        animation: `${spin} 0.9s linear infinite`,
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
      }}
    />
  );
}
