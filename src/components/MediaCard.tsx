import MovieIcon from '@mui/icons-material/Movie';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { memo, useState, type ReactNode } from 'react';
import { formatDuration } from '../lib/duration';
import { THUMBNAIL_ASPECT_RATIO } from './mediaLayout';

export interface MediaCardProps {
  title: string;
  /** A line under the title (time, event, tag). */
  subtitle?: ReactNode;
  thumbnailUrl?: string | null;
  /** Seconds; no badge when unknown. */
  durationSeconds?: number | null;
  /** Makes the thumbnail and text one button (open, play, select). */
  onClick?: () => void;
  /** Marks the card as chosen (clip selection); announced as pressed when the card is a button. */
  selected?: boolean;
  /** The card's button turns the selection on and off: announced as a toggle (pressed or not) at all times. */
  toggle?: boolean;
  /** Actions under the card's text, outside its button. */
  children?: ReactNode;
  /**
   * Shown in the thumbnail's 16:9 box instead of the thumbnail (a clip playing in place), so nothing around
   * the card moves; the card is then not a button.
   */
  media?: ReactNode;
}

/**
 * The thumbnail box: its height comes from `aspect-ratio`, not from the image, so a grid of cards does
 * not move while thumbnails load (no layout shift); the image loads only near the viewport.
 * A missing or broken thumbnail leaves a neutral placeholder of the same size. Memoised: selecting a card
 * re-renders its frame, not its picture.
 */
const Thumbnail = memo(function Thumbnail({ url, durationSeconds }: { url: string | null; durationSeconds: number | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== failedUrl;
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: THUMBNAIL_ASPECT_RATIO,
        bgcolor: 'grey.200',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {showImage ? (
        <Box
          component="img"
          src={url}
          // Decorative: the card's title names the clip.
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailedUrl(url)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <MovieIcon aria-hidden="true" sx={{ fontSize: 40, color: 'grey.500' }} data-testid="thumbnail-placeholder" />
      )}
      {durationSeconds !== null && (
        <Box
          component="span"
          aria-label={`Duration ${formatDuration(durationSeconds)}`}
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 8,
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'scrim.strong',
            color: 'common.white',
            typography: 'caption',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {formatDuration(durationSeconds)}
        </Box>
      )}
    </Box>
  );
});

/** The frame every clip, highlight and tag card uses: thumbnail, duration badge, title (presentational). */
export function MediaCard({
  title,
  subtitle,
  thumbnailUrl = null,
  durationSeconds = null,
  onClick,
  selected = false,
  toggle = false,
  children,
  media,
}: MediaCardProps) {
  const body = (
    <>
      {media ? (
        <Box sx={{ position: 'relative', aspectRatio: THUMBNAIL_ASPECT_RATIO, bgcolor: 'common.black' }}>{media}</Box>
      ) : (
        <Thumbnail url={thumbnailUrl} durationSeconds={durationSeconds} />
      )}
      <Box sx={{ p: 1.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" component="div">
            {subtitle}
          </Typography>
        )}
      </Box>
    </>
  );
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={title}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: selected ? 'primary.main' : 'divider',
        // A thicker ring, drawn inside, so selecting does not resize the card.
        boxShadow: selected ? (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` : 'none',
      }}
    >
      {onClick && !media ? (
        <CardActionArea onClick={onClick} aria-pressed={toggle ? selected : selected || undefined} sx={{ flex: 1 }}>
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ flex: 1 }}>{body}</Box>
      )}
      {children && <Box sx={{ px: 1.5, pb: 1.5 }}>{children}</Box>}
    </Card>
  );
}
