/**
 * What the public watch page's server writes for this bundle (docs/watch-page.md): a JSON block
 * `<script type="application/json" id="watch-data">`. Checked with valibot: anything malformed means the bundle
 * does nothing and the page keeps its native video, which plays on its own.
 */
import * as v from 'valibot';

export const WATCH_DATA_ID = 'watch-data';

const text = v.pipe(v.string(), v.trim(), v.minLength(1));

const WatchDataSchema = v.object({
  title: text,
  streamUrl: text,
  posterUrl: v.nullish(text, null),
  durationSeconds: v.nullish(v.pipe(v.number(), v.finite(), v.minValue(0)), null),
  // Shown by the server's HTML already; the bundle reads them only to be sure it was handed the page's data.
  event: v.nullish(v.string(), null),
  venue: v.nullish(v.string(), null),
  date: v.nullish(v.string(), null),
});

export type WatchData = v.InferOutput<typeof WatchDataSchema>;

/**
 * The address as an absolute URL when it is on the page's own origin, else null. The page's CSP allows media from
 * 'self' only, so anything else could not play anyway; and nothing but http(s) is ever put into a `src`.
 */
export function sameOriginUrl(address: string, pageUrl: string): string | null {
  try {
    const page = new URL(pageUrl);
    const url = new URL(address, page);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== page.origin) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Reads and checks the page's data; null when it is missing or malformed in any way (never throws). */
export function readWatchData(doc: Document, pageUrl: string = doc.URL): WatchData | null {
  try {
    const element = doc.getElementById(WATCH_DATA_ID);
    if (!element || element.getAttribute('type') !== 'application/json') return null;
    const parsed = v.safeParse(WatchDataSchema, JSON.parse(element.textContent ?? ''));
    if (!parsed.success) return null;
    const streamUrl = sameOriginUrl(parsed.output.streamUrl, pageUrl);
    if (streamUrl === null) return null;
    // A poster elsewhere is only dropped: the video plays without it.
    const posterUrl = parsed.output.posterUrl === null ? null : sameOriginUrl(parsed.output.posterUrl, pageUrl);
    return { ...parsed.output, streamUrl, posterUrl };
  } catch {
    return null; // JSON.parse refused it
  }
}
