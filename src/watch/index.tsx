/**
 * The public watch page's bundle (dist/watch.html, served at /s/{shareId} by server/routes/sharePage.ts;
 * docs/watch-page.md). The page works without it: this only swaps the native video for the app's player.
 */
import { mountWatchPlayer } from './mountWatchPlayer';

mountWatchPlayer(document);
