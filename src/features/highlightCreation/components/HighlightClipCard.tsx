import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { memo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import type { Clip } from '../../../domain/clip';
import { ClipCard, formatClipTime } from '../../clips/public';
import { momentInClip } from '../../tags/public';
import { uploaderName } from '../model/highlightCreationModel';
import { selectIsClipSelected } from '../model/highlightSelectionSlice';

const noop = () => undefined;

export interface HighlightClipCardProps {
  clip: Clip;
  timeZone: string;
  /** Under a tag: tag time − clip start, so the card says where the moment falls. */
  offsetSeconds: number | null;
  /** 'selection': a click toggles the selection; 'creation': a click previews, the checkbox selects. */
  mode: 'selection' | 'creation';
  onToggle: (clipId: string) => void;
  onPreview?: (clipId: string) => void;
}

/**
 * A clip card of the highlight screens: the clips feature's card, marked when selected. It reads its own selection
 * (a selector per card id), so picking one card re-renders that card only.
 */
export const HighlightClipCard = memo(function HighlightClipCard({
  clip,
  timeZone,
  offsetSeconds,
  mode,
  onToggle,
  onPreview,
}: HighlightClipCardProps) {
  const selected = useAppSelector((state) => selectIsClipSelected(state, clip.id));
  const common = { clip, timeZone, playing: false, onPlay: noop, onStop: noop, selected };
  // Clip selection: the whole card is the toggle.
  if (mode === 'selection') return <ClipCard {...common} onActivate={onToggle} toggle />;
  const moment = offsetSeconds === null ? null : momentInClip(offsetSeconds, clip.durationSeconds);
  const time = formatClipTime(clip.recordedAt, timeZone);
  return (
    <ClipCard
      {...common}
      onActivate={onPreview}
      note={
        <>
          <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {uploaderName(clip.uploaderEmail)}
          </Box>
          {moment && (
            <Box component="span" sx={{ display: 'block', color: 'text.primary' }}>
              Tagged moment {moment.label}
            </Box>
          )}
        </>
      }
      actions={
        <FormControlLabel
          label="Select"
          control={
            <Checkbox
              checked={selected}
              onChange={() => onToggle(clip.id)}
              // The ripple mounts and animates a layer on every pick; the tick itself is the feedback (select → paint).
              disableRipple
              sx={{ '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -4 } }}
              slotProps={{ input: { 'aria-label': `Select clip ${time}` } }}
            />
          }
          sx={{ minHeight: 44 }}
        />
      }
    />
  );
});
