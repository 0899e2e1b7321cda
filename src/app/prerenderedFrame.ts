import { useLayoutEffect } from 'react';

/** The element holding a framed page's prerendered frame (written by src/prerender/fillPage.ts). */
export const FRAME_ID = 'cs-frame';
/** Set on <html> by a framed page's first script when a session is stored: only then does the frame show. */
export const FRAMED_CLASS = 'cs-framed';

/**
 * A framed page (src/prerender/framedPages.ts) arrives with a picture of its screen laid over it, painted by HTML
 * before any script ran; the app renders beneath it. This takes the picture away, once, when the app's own
 * screen (or its error) is on: in a layout effect, so the swap happens before the browser paints again and the
 * two are never both missing. Without a frame it does nothing.
 */
export function removePrerenderedFrame(doc: Document = document): void {
  doc.getElementById(FRAME_ID)?.remove();
  doc.documentElement.classList.remove(FRAMED_CLASS);
}

/** Rendered with every screen and every error fallback: the first of them to be on takes the frame away. */
export function PrerenderedFrameHandOff(): null {
  useLayoutEffect(() => removePrerenderedFrame(), []);
  return null;
}
