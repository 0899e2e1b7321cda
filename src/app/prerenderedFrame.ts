import { createContext, useLayoutEffect } from 'react';

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

/**
 * True while the build renders a frame (src/prerender/renderPage.tsx), never in the app: a screen's loading state
 * may then add the empty places its frame's first script fills (src/prerender/frameScript.ts).
 */
export const FrameRenderContext = createContext(false);

/**
 * True while the build renders a framed screen as loaded, with stand-in data, only for the CSS its first view
 * needs (src/prerender/loadedStyles.ts); never in the app, and the markup is thrown away. The screen then renders
 * at once what the app renders a moment later (a deferred value, a list mounted by an effect), which a render on
 * the server would otherwise leave out.
 */
export const LoadedStylesRenderContext = createContext(false);

/** Marks the frame's heading, hidden and empty until the first script writes the screen's name into it. */
export const FRAME_HEADING_ATTRIBUTE = 'data-frame-heading';
