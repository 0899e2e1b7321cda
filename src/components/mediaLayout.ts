import type { SxProps, Theme } from '@mui/material/styles';

/** Thumbnails are 16:9 (camera and phone video); cards and their skeletons share the ratio. */
export const THUMBNAIL_ASPECT_RATIO = '16 / 9';

/** The grid media cards sit in: as many ~220 px columns as fit, one on the narrowest phones. */
export const MEDIA_GRID_SX: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(220px, 100%), 1fr))',
  gap: 2,
};
