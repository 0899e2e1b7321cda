import type { SxProps, Theme } from '@mui/material/styles';

/** Thumbnails are 16:9 (camera and phone video); cards and their skeletons share the ratio. */
export const THUMBNAIL_ASPECT_RATIO = '16 / 9';

/** The grid media cards sit in: as many ~220 px columns as fit, one on the narrowest phones. */
export const MEDIA_GRID_SX: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(220px, 100%), 1fr))',
  gap: 2,
};

/**
 * Exactly two columns at every width (docs/product/part-2.md §2 "Unassociated clips"). `minmax(0, 1fr)`: a long
 * word in a card wraps instead of widening its column past half the screen.
 */
export const MEDIA_GRID_TWO_COLUMNS_SX: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: { xs: 1, sm: 2 },
};

/** How many columns a media grid has: as many as fit, or exactly two. */
export type MediaGridColumns = 'auto' | 'two';

export const mediaGridSx = (columns: MediaGridColumns): SxProps<Theme> =>
  columns === 'two' ? MEDIA_GRID_TWO_COLUMNS_SX : MEDIA_GRID_SX;
