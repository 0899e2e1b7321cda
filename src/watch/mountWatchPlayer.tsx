import { createRoot } from 'react-dom/client';
import { createEmotionCache } from '../app/emotionCache';
import type { PlaybackPosition } from '../components/VideoPlayer';
import { readWatchData } from './watchData';
import { WatchPlayer } from './WatchPlayer';

export const PLAYER_ID = 'player';

/** Where the native video is, when it already moved or plays (someone pressed play before the bundle ran). */
function positionOf(video: HTMLVideoElement | null): PlaybackPosition | null {
  if (!video || (video.currentTime <= 0 && video.paused)) return null;
  return { currentTime: video.currentTime, playing: !video.paused };
}

/**
 * Puts the custom player in place of the page's native `<video>` inside `#player`. The player is rendered into
 * a detached element first and swapped in once it is there, so data that does not check out, a page without
 * `#player`, or a render that fails all leave the native video, which plays on its own. Never throws.
 * @returns whether the player was started
 */
export function mountWatchPlayer(doc: Document = document): boolean {
  try {
    const data = readWatchData(doc);
    const container = doc.getElementById(PLAYER_ID);
    if (!data || !container) return false;
    const native = container.querySelector('video');
    const host = doc.createElement('div');
    const swapIn = () => {
      if (host.parentNode === container) return;
      if (native) {
        // Stopped and emptied, so it neither plays on nor goes on fetching beside the player.
        native.pause();
        native.removeAttribute('src');
        native.load();
      }
      container.replaceChildren(host);
    };
    createRoot(host).render(
      <WatchPlayer data={data} cache={createEmotionCache()} startAt={positionOf(native)} onMounted={swapIn} />,
    );
    return true;
  } catch {
    return false;
  }
}
