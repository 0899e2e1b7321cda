import type { EmotionCache } from '@emotion/cache';

/**
 * The styles Emotion made in a render that no element carries: a styled layer's own (AppBar's over Paper, a
 * screen's `styled(Button)`) is composed into the class of the element it wraps, yet the layer inserts it too.
 * In the browser each one is compiled and inserted at the commit like any other. Named in the prerendered page, the
 * app finds them inserted and skips them; no element uses them, so their CSS need not come along.
 *
 * `shipped`: the ids whose CSS the page has already (Emotion's critical chunks). Global and keyframe styles
 * (unregistered) are always shipped whole by Emotion's extraction, so they are never among these.
 */
export function composedOnlyIds(cache: EmotionCache, shipped: ReadonlySet<string>): string[] {
  return Object.keys(cache.inserted).filter(
    (id) => !shipped.has(id) && cache.inserted[id] !== true && cache.registered[`${cache.key}-${id}`] !== undefined,
  );
}

/** An empty <style> whose `data-emotion` names `ids`: Emotion's cache marks them inserted when it starts. */
export function composedOnlyStyleTag(key: string, ids: readonly string[], nonce: string): string {
  return ids.length ? `<style data-emotion="${key} ${ids.join(' ')}" nonce="${nonce}"></style>` : '';
}
