import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useCallback } from 'react';
import { Link as RouterLink } from 'react-router';
import { mediaGridSx } from '../../../components/mediaLayout';
import { formatVenueDateTime } from '../../../lib/venueTime';
import { ClipCard } from '../../clips/public';
import { momentInClip } from '../model/momentInClip';
import { MATCH_WINDOW_SECONDS } from '../../../app/product';
import type { Tag, TagClip } from '../../../domain/tag';

/** Enough of a clip's id to tell two clips apart when speaking to support; the whole id is in the URL anyway. */
const SHORT_ID_LENGTH = 8;

export interface EventTagMomentProps {
  tag: Tag;
  /** The event's venue zone: the moment and the clips are shown on its clock. */
  timeZone: string;
  /** The id of this moment's clip that is playing, if any (one clip plays on the page at a time). */
  playingClipId: string | null;
  onPlay: (tagId: string, clipId: string) => void;
  onStop: () => void;
}

function MomentClip({
  clip,
  timeZone,
  playing,
  onPlay,
  onStop,
}: {
  clip: TagClip;
  timeZone: string;
  playing: boolean;
  onPlay: (clipId: string) => void;
  onStop: () => void;
}) {
  const moment = momentInClip(clip.offsetSeconds, clip.durationSeconds);
  return (
    <ClipCard
      clip={clip}
      timeZone={timeZone}
      playing={playing}
      onPlay={onPlay}
      onStop={onStop}
      // A few seconds before the moment, so the viewer sees what led up to it.
      startSeconds={moment.playFromSeconds}
      note={
        <>
          <Box component="span" sx={{ display: 'block', color: 'text.primary' }}>
            Tagged moment {moment.label}
          </Box>
          <Box component="span" sx={{ display: 'block' }}>
            Clip {clip.id.slice(0, SHORT_ID_LENGTH)}
          </Box>
        </>
      }
    />
  );
}

/**
 * One tagged moment of Event tags (docs/product/part-2.md §2): its time on the venue's clock, type and description,
 * then the clips that match it (filmed within 30 s of it), each saying where the moment falls and playing from just
 * before it. Without matching clips it says what would bring them.
 */
export const EventTagMoment = memo(function EventTagMoment({
  tag,
  timeZone,
  playingClipId,
  onPlay,
  onStop,
}: EventTagMomentProps) {
  const time = formatVenueDateTime(tag.timestamp, timeZone);
  const headingId = `moment-${tag.id}`;
  const play = useCallback((clipId: string) => onPlay(tag.id, clipId), [onPlay, tag.id]);
  const grid = mediaGridSx('auto');
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {time}
          </Typography>
          <Chip label={tag.type} size="small" variant="outlined" sx={{ textTransform: 'capitalize' }} />
        </Stack>
        <Typography color={tag.description ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {tag.description ?? 'No description'}
        </Typography>
        {tag.clips.length > 0 ? (
          <Box
            component="ul"
            aria-label={`Clips of the moment at ${time}`}
            sx={[{ listStyle: 'none', m: 0, p: 0 }, ...(Array.isArray(grid) ? grid : [grid])]}
          >
            {tag.clips.map((clip) => (
              <Box component="li" key={clip.id} sx={{ minWidth: 0 }}>
                <MomentClip clip={clip} timeZone={timeZone} playing={playingClipId === clip.id} onPlay={play} onStop={onStop} />
              </Box>
            ))}
          </Box>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography color="text.secondary">
              {`No clips of this moment yet. Upload the videos you filmed within ${MATCH_WINDOW_SECONDS} seconds of it, and they will show here.`}
            </Typography>
            <Button component={RouterLink} to="/clips/upload" variant="outlined" sx={{ minHeight: 44 }}>
              Upload Clips
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
});
