import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MediaCard } from '../../../components/MediaCard';
import { formatClipTime } from '../model/clipDisplay';
import type { Clip } from '../../../domain/clip';

export interface ClipCardProps {
  clip: Clip;
  /** The event's venue zone, in which the recording time is shown; null for a clip without an event. */
  timeZone: string | null;
  /** Whether this card is the one playing (a page plays one clip at a time: see ClipGrid). */
  playing: boolean;
  onPlay: (clipId: string) => void;
  onStop: () => void;
  /** The second the player starts at (a tagged moment's lead-in); from the start when omitted. */
  startSeconds?: number;
  /** Lines after the tag and device (where a tagged moment falls in the clip). */
  note?: ReactNode;
  /** Shown as chosen (the highlight screens' selection). */
  selected?: boolean;
  /**
   * What a click on the card does instead of playing it in place (select it, preview it elsewhere); the card is then
   * a button even without a video URL.
   */
  onActivate?: (clipId: string) => void;
  /** `onActivate` turns `selected` on and off: the card is announced as a toggle button. */
  toggle?: boolean;
  /** Controls under the card's text, outside its button (a select toggle). */
  actions?: ReactNode;
}

/**
 * The video URL that starts at `seconds`: a media fragment (`#t=`), which the browser applies itself once the
 * video can seek, and which never reaches the server (the signed URL stays as it was signed).
 */
function videoSrcFrom(videoUrl: string, seconds: number | undefined): string {
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return videoUrl;
  return `${videoUrl.split('#')[0]}#t=${seconds}`;
}

function ClipDetails({ clip, note }: { clip: Clip; note?: ReactNode }) {
  return (
    <>
      {clip.tag && (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          Tag: {clip.tag}
        </Box>
      )}
      {clip.device && (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          Device: {clip.device}
        </Box>
      )}
      {note}
    </>
  );
}

/**
 * The player that takes the thumbnail's place while the clip plays (MediaCard's `media`), in the same 16:9 box.
 * The video URL is the one the card had when play started: the API signs media URLs, and a refetch (a new
 * upload, a tab coming back, across the hour the signatures are stable in) may hand the card a new one for the
 * same clip; a new `src` would load the video again from its start. The next play takes the fresh URL.
 */
function ClipPlayer({
  videoUrl,
  startSeconds,
  posterUrl,
  title,
  onStop,
}: {
  videoUrl: string;
  startSeconds: number | undefined;
  posterUrl: string | null;
  title: string;
  onStop: () => void;
}) {
  const [src] = useState(() => videoSrcFrom(videoUrl, startSeconds));
  const videoRef = useRef<HTMLVideoElement>(null);
  // The click that started it moved focus off the (now gone) card button: keyboard users land on the player.
  useEffect(() => videoRef.current?.focus(), []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onStop();
  };
  return (
    <Box onKeyDown={onKeyDown} sx={{ position: 'absolute', inset: 0 }}>
      <Box
        component="video"
        ref={videoRef}
        src={src}
        poster={posterUrl ?? undefined}
        controls
        autoPlay
        playsInline
        tabIndex={0}
        aria-label={`Clip recorded ${title}`}
        onEnded={onStop}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
      />
      <IconButton
        aria-label="Close video"
        onClick={onStop}
        size="small"
        sx={{
          position: 'absolute',
          top: 4,
          right: 4,
          color: 'common.white',
          bgcolor: 'scrim.main',
          '&:hover': { bgcolor: 'scrim.hover' },
        }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/**
 * A clip: thumbnail (lazy, in a fixed 16:9 box), duration m:ss, recording time on the venue's clock, tag and
 * device (docs/product/part-2.md §2, §3). A click plays it in place; Escape, Close or its end brings the
 * thumbnail back (§4 "Preview"). Without a video URL there is nothing to play, and the card is no button. Under a
 * tagged moment the card also says where the moment falls (`note`) and plays from just before it (`startSeconds`).
 */
export const ClipCard = memo(function ClipCard({
  clip,
  timeZone,
  playing,
  onPlay,
  onStop,
  startSeconds,
  note,
  selected,
  onActivate,
  toggle,
  actions,
}: ClipCardProps) {
  const title = formatClipTime(clip.recordedAt, timeZone);
  const details = clip.tag || clip.device || note ? <ClipDetails clip={clip} note={note} /> : null;
  const frameRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  // Closed from the player (Escape, Close, its end while focused): focus goes back to the card, not the page top.
  useEffect(() => {
    if (playing || !returnFocus.current) return;
    returnFocus.current = false;
    frameRef.current?.querySelector('button')?.focus();
  }, [playing]);

  const stop = () => {
    returnFocus.current = Boolean(frameRef.current?.contains(document.activeElement));
    onStop();
  };

  return (
    <Box ref={frameRef} sx={{ height: '100%' }}>
      <MediaCard
        title={title}
        subtitle={details}
        thumbnailUrl={clip.thumbnailUrl}
        durationSeconds={clip.durationSeconds}
        onClick={onActivate ? () => onActivate(clip.id) : clip.videoUrl ? () => onPlay(clip.id) : undefined}
        selected={selected}
        toggle={toggle}
        media={
          playing && clip.videoUrl ? (
            <ClipPlayer
              videoUrl={clip.videoUrl}
              startSeconds={startSeconds}
              posterUrl={clip.thumbnailUrl}
              title={title}
              onStop={stop}
            />
          ) : undefined
        }
      >
        {actions}
      </MediaCard>
    </Box>
  );
});
