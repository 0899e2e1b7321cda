import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useCallback, useState } from 'react';
import { MEDIA_GRID_SX } from '../../components/mediaLayout';
import { ClipCard } from './ClipCard';
import type { Clip } from './clipSchemas';

/** docs/product/part-2.md §2 "Unassociated clips": two columns, even on a phone; more where there is room. */
const TWO_COLUMNS_SX: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fill, minmax(220px, 1fr))' },
  gap: { xs: 1, sm: 2 },
};

export interface ClipGridProps {
  clips: readonly Clip[];
  /** The venue zone of the clips' event; null for clips without one. */
  timeZone: string | null;
  /** 'auto': as many ~220 px columns as fit (one on a phone); 'two': at least two. */
  columns?: 'auto' | 'two';
  label: string;
}

/** Clip cards in a grid; one of them plays at a time (starting another stops the one playing). */
export function ClipGrid({ clips, timeZone, columns = 'auto', label }: ClipGridProps) {
  const [playingId, setPlayingId] = useState<string | null>(null);
  const stop = useCallback(() => setPlayingId(null), []);
  const grid = columns === 'two' ? TWO_COLUMNS_SX : MEDIA_GRID_SX;
  return (
    <Box component="ul" aria-label={label} sx={[{ listStyle: 'none', m: 0, p: 0 }, ...(Array.isArray(grid) ? grid : [grid])]}>
      {clips.map((clip) => (
        <Box component="li" key={clip.id} sx={{ minWidth: 0 }}>
          <ClipCard clip={clip} timeZone={timeZone} playing={playingId === clip.id} onPlay={setPlayingId} onStop={stop} />
        </Box>
      ))}
    </Box>
  );
}
