import { PRODUCT_NAME } from '../../src/app/product';

/**
 * The markup of the public watch page at /s/{shareId} (docs/api.md "Public watch page", docs/watch-page.md): what
 * the server writes into the built page's two markers — the head (title, description, Open Graph and Twitter card
 * tags for link previews, the page's own styles) and the body (the native player, the facts, the data for the
 * bundle) — and the small pages for a link that no longer works, an unknown one and too many requests. All text is
 * HTML-escaped; the page names nothing of the owner (no e-mail, no user id) and no highlight or event id.
 */

export const SHARE_HEAD_MARKER = '<!--share:head-->';
export const SHARE_BODY_MARKER = '<!--share:body-->';

/** Used when the build has no watch.html (the server tests, a server started before a build): no script at all. */
export const BUILT_IN_WATCH_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${SHARE_HEAD_MARKER}</head><body>${SHARE_BODY_MARKER}</body></html>`;

/**
 * The page's own policy (stricter than the app's, lib/security.ts): nothing but this origin, no maps hosts, no
 * blob: media, no forms, no base URL, never framed. Built per response with that response's nonce.
 */
/** `mediaOrigin`: the object store's origin, which the page's media URLs redirect to (null on disk). */
export function sharePageCsp(nonce: string, mediaOrigin: string | null = null): string {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data:${media}`,
    `media-src 'self'${media}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value (always double-quoted here) as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * JSON that can sit inside `<script type="application/json">`: `<`, `>` and `&` escaped so no `</script>` or
 * `<!--` can end or bend the block, U+2028/2029 so it stays valid JavaScript too. JSON.parse reads it unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Everything the watch page shows and links, already signed and formatted by the route. */
export interface WatchPage {
  title: string;
  eventName: string;
  venueName: string;
  /** The event's day on the venue's clock, e.g. 'Sat, Nov 21, 2026'. */
  date: string;
  durationSeconds: number | null;
  /** m:ss (or h:mm:ss), null when unknown. */
  durationText: string | null;
  /** Absolute address of this page (og:url). */
  pageUrl: string;
  /** Same-origin signed paths, and their absolute forms for the preview tags (scrapers need absolute URLs). */
  streamPath: string;
  streamUrl: string;
  posterPath: string | null;
  posterUrl: string | null;
  /** Frame size when known (poster and video share it). */
  width: number | null;
  height: number | null;
  /** og:video:secure_url only when the page is served over https. */
  secure: boolean;
}

/** '{event} · {venue} · {date} · {m:ss}': the link preview's line and the page's description. */
export function watchDescription(page: Pick<WatchPage, 'eventName' | 'venueName' | 'date' | 'durationText'>): string {
  return [page.eventName, page.venueName, page.date, page.durationText].filter((part) => part).join(' · ');
}

const meta = (attr: 'name' | 'property', key: string, content: string | number): string =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(content))}">`;

/**
 * The page's layout: the native player fills the width at 16:9, the facts below it. Only the page's own `<video>`
 * (a child of #player) gets the box: the bundle's player brings its controls below the picture, which a fixed-ratio
 * box would clip.
 */
const WATCH_STYLES = `
:root{color-scheme:light;--green:#8cc641;--green-text:#4a7417;--ink:#1f2a37;--muted:#4b5563;--bg:#f6f8f4}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;line-height:1.25;margin:8px 0 16px;overflow-wrap:anywhere}
#player{border-radius:10px;overflow:hidden}
#player>video{display:block;width:100%;aspect-ratio:16/9;background:#000}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:16px 0 0}
dt{font-weight:600;color:var(--muted)}
dd{margin:0;overflow-wrap:anywhere}
footer{max-width:960px;margin:0 auto;padding:8px 16px 24px;color:var(--muted);font-size:.875rem}
footer p{margin:0;border-top:3px solid var(--green);padding-top:8px}
@media (min-width:720px){main{padding:32px 24px}footer{padding:8px 24px 32px}h1{font-size:2rem}}
`;

/** What replaces the head marker. */
export function watchHead(page: WatchPage, nonce: string): string {
  const description = watchDescription(page);
  const tags = [
    `<title>${escapeHtml(`${page.title} · ${PRODUCT_NAME}`)}</title>`,
    meta('name', 'description', description),
    meta('name', 'robots', 'noindex, nofollow'),
    meta('name', 'referrer', 'no-referrer'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', page.pageUrl),
  ];
  if (page.posterUrl) {
    tags.push(meta('property', 'og:image', page.posterUrl));
    if (page.width && page.height) {
      tags.push(meta('property', 'og:image:width', page.width), meta('property', 'og:image:height', page.height));
    }
  }
  tags.push(meta('property', 'og:video', page.streamUrl));
  if (page.secure) tags.push(meta('property', 'og:video:secure_url', page.streamUrl));
  tags.push(meta('property', 'og:video:type', 'video/mp4'));
  if (page.width && page.height) {
    tags.push(meta('property', 'og:video:width', page.width), meta('property', 'og:video:height', page.height));
  }
  // Without a poster there is no large image to show: the plain card.
  tags.push(meta('name', 'twitter:card', page.posterUrl ? 'summary_large_image' : 'summary'));
  tags.push(meta('name', 'twitter:title', page.title), meta('name', 'twitter:description', description));
  if (page.posterUrl) tags.push(meta('name', 'twitter:image', page.posterUrl));
  tags.push(`<style nonce="${escapeHtml(nonce)}">${WATCH_STYLES}</style>`);
  return tags.join('');
}

/** What replaces the body marker: the native player (the bundle swaps in the app's player), facts, footer, data. */
export function watchBody(page: WatchPage): string {
  const poster = page.posterPath ? ` poster="${escapeHtml(page.posterPath)}"` : '';
  const facts: [string, string][] = [
    ['Event', page.eventName],
    ['Venue', page.venueName],
    ['Date', page.date],
  ];
  if (page.durationText) facts.push(['Duration', page.durationText]);
  const data = {
    title: page.title,
    streamUrl: page.streamPath,
    posterUrl: page.posterPath,
    durationSeconds: page.durationSeconds,
    event: page.eventName,
    venue: page.venueName,
    date: page.date,
  };
  return [
    '<main>',
    `<h1>${escapeHtml(page.title)}</h1>`,
    `<div id="player"><video controls playsinline preload="metadata"${poster} src="${escapeHtml(page.streamPath)}"></video></div>`,
    `<dl>${facts.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`,
    '</main>',
    `<footer><p>Shared with ${escapeHtml(PRODUCT_NAME)}</p></footer>`,
    `<script type="application/json" id="watch-data">${jsonForScript(data)}</script>`,
  ].join('');
}

/** `template` (its nonce already in) with the head and body written into its markers. */
export function fillWatchTemplate(template: string, head: string, body: string): string {
  // Function replacers: `$&` or `$1` in a title must stay text, not become a replacement pattern.
  return template.replace(SHARE_HEAD_MARKER, () => head).replace(SHARE_BODY_MARKER, () => body);
}

/** Whether a built watch.html can take the page (both markers present); otherwise the built-in template is used. */
export function isWatchTemplate(html: string): boolean {
  return html.includes(SHARE_HEAD_MARKER) && html.includes(SHARE_BODY_MARKER);
}

export type MessagePageKind = 'gone' | 'not-found' | 'too-many' | 'error';

const MESSAGES: Record<MessagePageKind, { title: string; heading: string; text: string | null }> = {
  gone: {
    title: 'Link no longer works',
    heading: 'This link no longer works',
    text: 'The person who shared this highlight turned the link off, or it expired. Ask them for a new link.',
  },
  'not-found': {
    title: 'Highlight not found',
    heading: 'Highlight not found',
    text: 'Check that you copied the whole link.',
  },
  'too-many': {
    title: 'Too many requests',
    heading: 'Too many requests. Try again in a minute.',
    text: null,
  },
  error: {
    title: 'Something went wrong',
    heading: 'Something went wrong',
    text: 'The highlight could not be shown. Please try again later.',
  },
};

const MESSAGE_STYLES = `
body{margin:0;background:#f6f8f4;color:#1f2a37;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
main{max-width:560px;margin:0 auto;padding:48px 16px}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 12px}
p{margin:0 0 12px;color:#4b5563}
footer{max-width:560px;margin:0 auto;padding:0 16px 24px;color:#4b5563;font-size:.875rem}
`;

/** A whole page with one message and no script: the 410, 404, 429 and 500 of /s/{id}. */
export function messagePage(kind: MessagePageKind, nonce: string): string {
  const m = MESSAGES[kind];
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    meta('name', 'robots', 'noindex, nofollow'),
    meta('name', 'referrer', 'no-referrer'),
    `<title>${escapeHtml(`${m.title} · ${PRODUCT_NAME}`)}</title>`,
    `<style nonce="${escapeHtml(nonce)}">${MESSAGE_STYLES}</style>`,
    '</head><body><main>',
    `<h1>${escapeHtml(m.heading)}</h1>`,
    m.text === null ? '' : `<p>${escapeHtml(m.text)}</p>`,
    '</main>',
    `<footer><p>${escapeHtml(PRODUCT_NAME)}</p></footer>`,
    '</body></html>',
  ].join('');
}
