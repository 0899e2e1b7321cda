import { MOBILE_MEDIA_QUERY } from '../app/device';
import { FRAME_HEADING_ATTRIBUTE, FRAME_ID, FRAMED_CLASS } from '../app/prerenderedFrame';
import { config } from '../app/config';
import { INTL_WARM_UP_SCRIPT, INTL_WARMING_ATTRIBUTE } from '../app/warmUpIntl';
import { STORAGE_PREFIX, StorageKeys } from '../app/storage';
import { INACTIVITY_TIMEOUT_MS } from '../features/session/constants';
import type { FramedPage } from './framedPages';

/** A storage entry's full key, as a JS string literal. */
const key = (k: string) => JSON.stringify(STORAGE_PREFIX + k);

/**
 * The framed page's first script, inline and run before anything paints:
 * - The frame is a signed-in screen, so it shows only where a session is stored (this tab's, a kept one, or the
 *   old app's token). A signed-out visitor sees the plain page and is sent to /login as before; a stored session
 *   that proves dead shows the frame until the app signs out. Storage that throws counts as none.
 * - Where the frame shows, it starts loading ICU's data in a worker (src/app/warmUpIntl.ts) once the frame has
 *   painted: the framed screens show times, and the first formatter's long task would otherwise fall on the main
 *   thread. Not before: the frame's first layout needs ICU too, and waited for the worker's load; after the paint, the worker loads while the page waits for its code.
 * - On a page with a `heading` (framedPages.ts), it asks the API for the heading at once (headingScript below).
 */
export function frameScript(page?: Pick<FramedPage, 'pattern' | 'heading'>): string {
  return (
    `try{if(sessionStorage.getItem(${key(StorageKeys.auth)})||localStorage.getItem(${key(StorageKeys.persistentAuth)})` +
    `||localStorage.getItem(${key(StorageKeys.legacyToken)})){document.documentElement.classList.add(${JSON.stringify(FRAMED_CLASS)});` +
    `document.documentElement.setAttribute(${JSON.stringify(INTL_WARMING_ATTRIBUTE)},"");` +
    `requestAnimationFrame(function(){setTimeout(function(){try{new Worker(${JSON.stringify(INTL_WARM_UP_SCRIPT)})}catch(e){}})})}}catch(e){}` +
    (page?.heading ? headingScript(page.pattern, page.heading) : '')
  );
}

/**
 * The frame's heading from the API (docs/decisions.md "The frame names its event"). A screen whose first paint is
 * data (Create Highlight's is its event's name) would otherwise wait for the app's code, all of it, before it
 * even asks: here the call leaves with the HTML, and the name shows in the frame as soon as it is answered.
 * It asks only for a frame that shows (a stored session, a phone's width) and only with a session the app would
 * restore: a stored record with a token, active within the inactivity limit, so a session that timed out on a
 * shared device never shows its user's data. The server checks the token as for any call; any failure (no
 * session, a refused token, a network error, an unexpected answer, the frame already gone) leaves the frame as it
 * is, and the app asks again its own way. The name is written as text.
 */
function headingScript(pattern: string, call: string): string {
  const patternSegments = pattern.split('/');
  const url = call
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return JSON.stringify(segment);
      const index = patternSegments.indexOf(segment);
      if (index < 0) throw new Error(`The frame's heading call ${call} names ${segment}, which ${pattern} has not`);
      return `encodeURIComponent(decodeURIComponent(location.pathname.split("/")[${index}]))`;
    })
    .join('+"/"+');
  const slot = JSON.stringify(`#${FRAME_ID} [${FRAME_HEADING_ATTRIBUTE}]`);
  return (
    `try{if(document.documentElement.classList.contains(${JSON.stringify(FRAMED_CLASS)})&&matchMedia(${JSON.stringify(MOBILE_MEDIA_QUERY)}).matches){` +
    `var r=JSON.parse(sessionStorage.getItem(${key(StorageKeys.auth)})||localStorage.getItem(${key(StorageKeys.persistentAuth)})||"null");` +
    `if(r&&typeof r.token=="string"&&r.token&&typeof r.lastActivity=="number"&&Date.now()-r.lastActivity<${INACTIVITY_TIMEOUT_MS})` +
    `fetch(${JSON.stringify(`${config.apiBaseUrl}/api/v1/`)}+${url},{headers:{Authorization:"Bearer "+r.token,"X-Frontend-Client":"true"}})` +
    `.then(function(a){return a.ok?a.json():null}).then(function(b){var n=b&&b.data&&b.data.name;if(typeof n!="string"||!n)return;` +
    `var f=function(){var e=document.querySelector(${slot});if(e){e.textContent=n;e.hidden=false}};` +
    `document.readyState=="loading"?document.addEventListener("DOMContentLoaded",f):f()})["catch"](function(){})}}catch(e){}`
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
