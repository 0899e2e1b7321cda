import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatDuration } from '../lib/duration';
import { THUMBNAIL_ASPECT_RATIO } from './mediaLayout';

/** How far the arrow keys move (seconds). */
export const SEEK_STEP_SECONDS = 5;

/** Where playback was: to pick up there on a new `src` (a renewed signature). */
export interface PlaybackPosition {
  currentTime: number;
  playing: boolean;
}

export interface VideoPlayerProps {
  /** What to play; null while its URL is being fetched (the player shows `loadingText`). */
  src: string | null;
  /** A frame shown before playing. */
  poster?: string | null;
  /** Names the player for assistive technology ("Video player: {title}"). */
  title: string;
  /** The video cannot be had at all (its URL failed): `errorText` instead of the player. */
  unavailable?: boolean;
  loadingText?: string;
  errorText?: string;
  /** The video element could not load or play `src` (an expired signature, a broken file); where playback was. */
  onError?: (at: PlaybackPosition) => void;
  /** The video loaded (its first frame): `src` works. */
  onLoad?: () => void;
  /** Where to start once the video's metadata is in (once for this `src`): the position of a `src` that failed. */
  startAt?: PlaybackPosition | null;
  /** Playback started or stopped. */
  onPlayingChange?: (playing: boolean) => void;
}

type LoadState = 'loading' | 'ready' | 'error';

/** The browser's full-screen API, where the element is a video on iOS Safari (which has no element full screen). */
type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

const controlSx = { color: 'common.white', '&.Mui-disabled': { color: 'grey.600' } } as const;

/**
 * A custom video player (docs/product/part-2.md §2 "Highlight viewer"): play/pause, a seek slider, mute, full screen
 * and the time, every control named; keys while the player has focus: Space plays or pauses, ← and → move 5 s,
 * M mutes, F goes full screen. Presentational: a URL in, callbacks out, no store. A new `src` starts afresh (at
 * `startAt` when given).
 */
export function VideoPlayer(props: VideoPlayerProps) {
  return <Player key={props.src ?? ''} {...props} />;
}

function Player({
  src,
  poster,
  title,
  unavailable = false,
  loadingText = 'Loading video...',
  errorText = 'Video unavailable or failed to load',
  onError,
  onLoad,
  startAt = null,
  onPlayingChange,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [load, setLoad] = useState<LoadState>('loading');
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    const follow = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  // A video the browser had already loaded (from its cache) before the listeners were attached.
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.readyState >= 2) setLoad('ready');
  }, []);

  const ready = load === 'ready' && src !== null;

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video || !ready) return;
    if (video.paused || video.ended) {
      // A refused play() (autoplay rules, a broken stream) leaves the player paused; the error event says the rest.
      void video.play()?.catch(() => undefined);
    } else {
      video.pause();
    }
  }, [ready]);

  const seekTo = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    const target = Math.min(Math.max(0, seconds), end);
    video.currentTime = target;
    setTime(target);
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  }, []);

  const toggleFullscreen = useCallback(() => {
    const frame = frameRef.current;
    const video = videoRef.current as WebkitVideo | null;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.()?.catch(() => undefined);
    } else if (frame?.requestFullscreen) {
      void frame.requestFullscreen()?.catch(() => undefined);
    } else {
      video?.webkitEnterFullscreen?.();
    }
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    // A focused button answers Space itself, and the slider its arrows: not twice.
    const onButton = target.closest('button') !== null;
    const onSlider = target.getAttribute('role') === 'slider' || target.closest('.MuiSlider-root') !== null;
    switch (event.key) {
      case ' ':
      case 'Spacebar':
        if (onButton) return;
        event.preventDefault();
        togglePlay();
        return;
      case 'ArrowLeft':
      case 'ArrowRight':
        if (onSlider || !ready) return;
        event.preventDefault();
        seekTo((videoRef.current?.currentTime ?? 0) + (event.key === 'ArrowRight' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
        return;
      case 'm':
      case 'M':
        event.preventDefault();
        toggleMute();
        return;
      case 'f':
      case 'F':
        event.preventDefault();
        toggleFullscreen();
        return;
      default:
    }
  };

  const failed = unavailable || load === 'error';
  const showLoading = !failed && !ready;
  const timeText = `${formatDuration(time)} / ${formatDuration(duration)}`;

  return (
    <Box
      ref={frameRef}
      role="region"
      aria-label={`Video player: ${title}`}
      aria-describedby={hintId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      sx={{
        bgcolor: 'common.black',
        borderRadius: fullscreen ? 0 : 1,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        height: fullscreen ? '100%' : undefined,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box id={hintId} sx={visuallyHidden}>
        Keys: Space plays or pauses, left and right arrows move 5 seconds, M mutes, F toggles full screen.
      </Box>
      <Box
        sx={{
          position: 'relative',
          flex: fullscreen ? 1 : undefined,
          aspectRatio: fullscreen ? undefined : THUMBNAIL_ASPECT_RATIO,
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {src !== null && !unavailable && (
          <Box
            component="video"
            ref={videoRef}
            src={src}
            poster={poster ?? undefined}
            preload="metadata"
            playsInline
            onClick={togglePlay}
            onLoadedData={() => {
              setLoad('ready');
              onLoad?.();
            }}
            onCanPlay={() => {
              setLoad('ready');
              onLoad?.();
            }}
            onError={(e) => {
              setLoad('error');
              setPlaying(false);
              onError?.({ currentTime: e.currentTarget.currentTime || time, playing });
            }}
            onPlay={() => {
              setPlaying(true);
              onPlayingChange?.(true);
            }}
            onPause={() => {
              setPlaying(false);
              onPlayingChange?.(false);
            }}
            onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
            onDurationChange={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
            onLoadedMetadata={(e) => {
              const el = e.currentTarget;
              setDuration(Number.isFinite(el.duration) ? el.duration : 0);
              if (startAt && !started.current) {
                started.current = true;
                if (startAt.currentTime > 0) el.currentTime = startAt.currentTime;
                // A refused play() (autoplay rules) leaves it paused at that point.
                if (startAt.playing) void el.play()?.catch(() => undefined);
              }
            }}
            onVolumeChange={(e) => setMuted(e.currentTarget.muted)}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              cursor: ready ? 'pointer' : 'default',
              visibility: failed ? 'hidden' : 'visible',
            }}
          />
        )}
        {showLoading && (
          <Box
            role="status"
            sx={{ position: 'relative', display: 'grid', justifyItems: 'center', gap: 1, color: 'common.white' }}
          >
            <CircularProgress size={32} color="inherit" aria-hidden="true" />
            <Typography>{loadingText}</Typography>
          </Box>
        )}
        {failed && (
          <Typography role="alert" sx={{ position: 'relative', color: 'common.white', px: 2, textAlign: 'center' }}>
            {errorText}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 0.5, sm: 1 },
          px: 1,
          py: 0.5,
          bgcolor: 'grey.900',
          color: 'common.white',
        }}
      >
        <IconButton aria-label={playing ? 'Pause' : 'Play'} onClick={togglePlay} disabled={!ready} sx={controlSx}>
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Slider
          aria-label="Seek"
          size="small"
          min={0}
          max={duration > 0 ? duration : 1}
          step={1}
          value={Math.min(time, duration > 0 ? duration : 1)}
          disabled={!ready || duration <= 0}
          onChange={(_e, value) => seekTo(value as number)}
          getAriaValueText={(value) => `${formatDuration(value)} of ${formatDuration(duration)}`}
          sx={{ flex: 1, mx: 1, color: 'common.white', '&.Mui-disabled': { color: 'grey.600' } }}
        />
        <Typography
          component="span"
          data-testid="video-time"
          sx={{ typography: 'body2', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {timeText}
        </Typography>
        <IconButton aria-label={muted ? 'Unmute' : 'Mute'} onClick={toggleMute} disabled={!ready} sx={controlSx}>
          {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
        <IconButton
          aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
          onClick={toggleFullscreen}
          disabled={!ready}
          sx={controlSx}
        >
          {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  // Strings: in `sx` the number 1 would mean 100 %.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
