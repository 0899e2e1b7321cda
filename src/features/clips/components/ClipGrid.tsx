import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';
import { mediaGridSx, type MediaGridColumns } from '../../../components/mediaLayout';
import { ClipCard } from './ClipCard';
import type { Clip } from '../../../domain/clip';

export interface ClipGridProps {
  clips: readonly Clip[];
  /** The venue zone of the clips' event; null for clips without one. */
  timeZone: string | null;
  /** 'auto': as many ~220 px columns as fit (one on a phone); 'two': exactly two, at every width. */
  columns?: MediaGridColumns;
  label: string;
}

/** Clip cards in a grid; one of them plays at a time (starting another stops the one playing). */
export function ClipGrid({ clips, timeZone, columns = 'auto', label }: ClipGridProps) {
  const [playingId, setPlayingId] = useState<string | null>(null);
  const stop = useCallback(() => setPlayingId(null), []);
  const grid = mediaGridSx(columns);
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
