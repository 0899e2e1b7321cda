import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { mediaGridSx, THUMBNAIL_ASPECT_RATIO, type MediaGridColumns } from './mediaLayout';

export interface ListSkeletonProps {
  /** 'rows' for text lists, 'cards' for media grids (the same grid and thumbnail ratio as MediaCard). */
  variant?: 'rows' | 'cards';
  count?: number;
  /** For 'cards': the columns of the grid the cards will fill, so nothing moves when they arrive. */
  columns?: MediaGridColumns;
  /** What a screen reader hears while the list loads. */
  label?: string;
}

/**
 * The loading state of a list: grey shapes where the items will be, so the page keeps its layout
 * when they arrive (no spinner, no jump). Announced once as a status; the shapes are hidden from
 * assistive technology.
 */
export function ListSkeleton({ variant = 'rows', count = 4, columns = 'auto', label = 'Loading...' }: ListSkeletonProps) {
  const items = Array.from({ length: count }, (_, i) => i);
  return (
    <Box role="status" aria-busy="true" aria-label={label} data-testid="list-skeleton">
      <Box aria-hidden="true">
        {variant === 'cards' ? (
          <Box sx={mediaGridSx(columns)}>
            {items.map((i) => (
              <Box key={i}>
                <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: THUMBNAIL_ASPECT_RATIO }} />
                <Skeleton variant="text" sx={{ mt: 1, width: '80%' }} />
                <Skeleton variant="text" sx={{ width: '50%' }} />
              </Box>
            ))}
          </Box>
        ) : (
          <Stack spacing={1}>
            {items.map((i) => (
              <Box key={i} sx={{ py: 1 }}>
                <Skeleton variant="text" sx={{ width: '60%', fontSize: '1rem' }} />
                <Skeleton variant="text" sx={{ width: '40%' }} />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
