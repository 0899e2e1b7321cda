import { CacheProvider, type EmotionCache } from '@emotion/react';
import { ThemeProvider } from '@mui/system';
import { useLayoutEffect } from 'react';
import { theme } from '../app/theme';
import { VideoPlayer, type PlaybackPosition } from '../components/VideoPlayer';
import type { WatchData } from './watchData';

/** The app's own theme, as App.tsx provides it (no CSS variables: @mui/system's provider is enough). */
const NO_VARS_THEME = { ...theme, vars: null };

/** A stream that fails mid-way is most often a signature that ran out (docs/watch-page.md): a reload signs anew. */
export const WATCH_ERROR_TEXT = 'This video could not be played. Reload the page to try again.';

interface WatchPlayerProps {
  data: WatchData;
  cache: EmotionCache;
  /** Where the page's native video was when the bundle took over. */
  startAt: PlaybackPosition | null;
  /** Called once the player is in the DOM (its host may then replace the native video). */
  onMounted: () => void;
}

/** The app's custom player (docs/product/part-2.md §2 "Highlight viewer") for one shared highlight. */
export function WatchPlayer({ data, cache, startAt, onMounted }: WatchPlayerProps) {
  useLayoutEffect(() => onMounted(), [onMounted]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={NO_VARS_THEME}>
        <VideoPlayer
          src={data.streamUrl}
          poster={data.posterUrl}
          title={data.title}
          startAt={startAt}
          errorText={WATCH_ERROR_TEXT}
        />
      </ThemeProvider>
    </CacheProvider>
  );
}
