/** Mobile breakpoint (spec part 1 §9): under 768 px the shell switches to panel + bottom bar. */
export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** "On mobile" for storage decisions: a small viewport or a phone/tablet browser. */
export function isMobileDevice(): boolean {
  try {
    if (window.matchMedia?.(MOBILE_MEDIA_QUERY).matches) return true;
  } catch {
    /* matchMedia missing */
  }
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}
