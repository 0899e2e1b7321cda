import { METADATA_TIMEOUT_MS } from './uploadConstants';

/**
 * Reads a video's duration in the browser before sending it. Formats the browser cannot play
 * (.mts, .mxf) give null: the server extracts the duration itself, so that is not a failure.
 */
export function readVideoDuration(file: Blob, timeoutMs = METADATA_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const done = (duration: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(duration);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? Math.round(video.duration * 10) / 10 : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
