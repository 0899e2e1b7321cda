import { NONCE_PLACEHOLDER as NONCE } from '../app/cspNonce';

/**
 * How long the login page waits for its first contentful paint before it asks for its scripts anyway: the paint
 * comes a few hundred milliseconds after the head is read, so this is only for a browser that never reports it.
 */
export const SCRIPTS_FALLBACK_MS = 2_000;

/** HtmlWebpackPlugin's script tags, minified or not: `<script defer src=/assets/main.js></script>`. */
const SCRIPT_TAG = /<script\b([^>]*)><\/script>/g;
const SRC = /\ssrc=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/;
const DEFER = /\sdefer(?:[\s=]|$)/;

/**
 * The inline script that asks for the app's scripts once the page has painted (docs/performance.md "The login
 * page's scripts after its paint"): on the first-contentful-paint entry, once the document is read (they ran
 * deferred before), in their order. At once where there is no such entry to wait for: a page opened out of
 * sight (it does not paint), a browser without paint timing, or after SCRIPTS_FALLBACK_MS.
 */
export function afterPaintLoader(urls: readonly string[]): string {
  return (
    `(function(){var s=${JSON.stringify(urls)},d=0,o;` +
    'function run(){if(d)return;d=1;if(o)o.disconnect();for(var i=0;i<s.length;i++){var e=document.createElement("script");' +
    'e.src=s[i];e.async=false;document.head.appendChild(e)}}' +
    'function go(){document.readyState=="loading"?document.addEventListener("DOMContentLoaded",run):run()}' +
    'try{if(document.visibilityState!="visible"||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)throw 0;' +
    'o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()});' +
    `o.observe({type:"paint",buffered:true});setTimeout(go,${SCRIPTS_FALLBACK_MS})}catch(x){go()}})()`
  );
}

/**
 * A prerendered page whose deferred script tags become one inline loader (afterPaintLoader) at the end of its
 * body, so no part of the page is parsed behind it. Throws when the page has no such tags or no body's end, so a
 * changed template fails the build instead of shipping a page that never starts.
 */
export function startScriptsAfterPaint(html: string): string {
  const urls: string[] = [];
  const stripped = html.replace(SCRIPT_TAG, (tag: string, attributes: string) => {
    const src = SRC.exec(attributes);
    if (!src || !DEFER.test(attributes)) return tag;
    urls.push(src[1] ?? src[2] ?? src[3] ?? '');
    return '';
  });
  if (urls.length === 0) throw new Error('The prerendered page has no deferred <script src> to start after its paint');
  if (!stripped.includes('</body>')) throw new Error("The prerendered page has no </body> for its scripts' loader");
  return stripped.replace('</body>', () => `<script nonce="${NONCE}">${afterPaintLoader(urls)}</script></body>`);
}
