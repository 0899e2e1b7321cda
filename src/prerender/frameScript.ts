import { MOBILE_MEDIA_QUERY } from '../app/device';
import { FRAME_ID, FRAMED_CLASS } from '../app/prerenderedFrame';
import { STORAGE_PREFIX, StorageKeys } from '../app/storage';

/**
 * The framed page's first script, inline and run before anything paints:
 * - The frame is a signed-in screen, so it shows only where a session is stored (this tab's, a kept one, or the
 *   old app's token). A signed-out visitor sees the plain page and is sent to /login as before; a stored session
 *   that proves dead shows the frame until the app signs out. Storage that throws counts as none.
 * - It loads ICU's data (src/app/warmUpIntl.ts) while the page is still blank: the framed screens show times, so
 *   the first formatter's one long task would otherwise fall on the painted frame. The frame paints that much
 *   later (tens of ms on a phone), and no task after the first paint carries it.
 */
export function frameScript(): string {
  const key = (k: string) => JSON.stringify(STORAGE_PREFIX + k);
  return (
    `try{new Intl.DateTimeFormat().resolvedOptions()}catch(e){}` +
    `try{if(sessionStorage.getItem(${key(StorageKeys.auth)})||localStorage.getItem(${key(StorageKeys.persistentAuth)})` +
    `||localStorage.getItem(${key(StorageKeys.legacyToken)}))document.documentElement.classList.add(${JSON.stringify(FRAMED_CLASS)})}catch(e){}`
  );
}

/**
 * The frame is a phone's layout: it shows under the shell's breakpoint only, fixed over the page, where the app
 * renders out of sight beneath it until its screen is on. Above the app bar and the menu (MUI 1100, 1200), under
 * dialogs and notices (1300 and up), which the app may open before the hand-over.
 */
export function frameCss(): string {
  return (
    `#${FRAME_ID}{display:none}` +
    `@media ${MOBILE_MEDIA_QUERY}{.${FRAMED_CLASS} #${FRAME_ID}{display:block;position:fixed;inset:0;z-index:1250;overflow:hidden}}`
  );
}
