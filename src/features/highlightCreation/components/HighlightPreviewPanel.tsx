import MovieIcon from '@mui/icons-material/Movie';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { THUMBNAIL_ASPECT_RATIO } from '../../../components/mediaLayout';
import { formatDuration } from '../../../lib/duration';
import type { Clip } from '../../../domain/clip';
import { formatClipTime } from '../../clips/public';

export const CLICK_TO_PREVIEW = 'Click a clip to preview';
export const VIDEO_NOT_AVAILABLE = 'Video not available';
export const PREVIEW_PROCESSING = 'Preview video is being processed';

/**
 * §2: without a video URL, a clip that has its thumbnail is still being processed; one with neither has no video.
 */
export function missingVideoText(clip: Pick<Clip, 'thumbnailUrl'>): string {
  return clip.thumbnailUrl ? PREVIEW_PROCESSING : VIDEO_NOT_AVAILABLE;
}

function Preview({ clip, timeZone }: { clip: Clip; timeZone: string }) {
  const [playing, setPlaying] = useState(false);
  const time = formatClipTime(clip.recordedAt, timeZone);
  return (
    <Box sx={{ position: 'relative', aspectRatio: THUMBNAIL_ASPECT_RATIO, bgcolor: 'grey.900', overflow: 'hidden' }}>
      {playing && clip.videoUrl ? (
        <Box
          component="video"
          src={clip.videoUrl}
          poster={clip.thumbnailUrl ?? undefined}
          controls
          autoPlay
          playsInline
          aria-label={`Preview of the clip recorded ${time}`}
          // §4 "Preview": at the end it returns to the thumbnail.
          onEnded={() => setPlaying(false)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        <>
          {clip.thumbnailUrl ? (
            <Box
              component="img"
              src={clip.thumbnailUrl}
              alt=""
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <MovieIcon aria-hidden="true" sx={{ fontSize: 48, color: 'grey.500' }} />
            </Box>
          )}
          {clip.videoUrl ? (
            <IconButton
              aria-label={`Play preview of the clip recorded ${time}`}
              onClick={() => setPlaying(true)}
              sx={{
                position: 'absolute',
                top: '50%',
                left: '50%',
                transform: 'translate(-50%, -50%)',
                width: 64,
                height: 64,
                color: 'common.white',
                bgcolor: 'scrim.main',
                '&:hover': { bgcolor: 'scrim.hover' },
              }}
            >
              <PlayArrowIcon fontSize="large" />
            </IconButton>
          ) : (
            <Typography
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                p: 1,
                textAlign: 'center',
                color: 'common.white',
                bgcolor: 'scrim.strong',
              }}
            >
              {missingVideoText(clip)}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

/**
 * The preview panel of Highlight creation (docs/product/part-2.md §2, §4 "Preview"): nothing until a clip is clicked;
 * then its thumbnail with a play overlay, playing on click when it has a video URL, back to the thumbnail at the
 * end; and its Clip Details.
 */
export function HighlightPreviewPanel({ clip, timeZone }: { clip: Clip | null; timeZone: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="preview-heading" sx={{ p: 2, minWidth: 0 }}>
      <Typography id="preview-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Preview
      </Typography>
      {clip ? (
        <>
          {/* A new clip starts from its thumbnail. */}
          <Preview key={clip.id} clip={clip} timeZone={timeZone} />
          <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
            Clip Details
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Duration
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {clip.durationSeconds === null ? 'Unknown' : formatDuration(clip.durationSeconds)}
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Uploaded by
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {clip.uploaderEmail ?? 'Unknown user'}
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Timestamp
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatClipTime(clip.recordedAt, timeZone)}
            </Box>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              Device
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {clip.device ?? 'Unknown'}
            </Box>
          </Box>
        </>
      ) : (
        <Typography color="text.secondary">{CLICK_TO_PREVIEW}</Typography>
      )}
    </Paper>
  );
}
