/** Mobile breakpoint (docs/product/part-1.md §9): under 768 px the shell switches to panel + bottom bar. */
export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/**
 * The layout rule: a viewport under the breakpoint. The shell's layout (features/shell/components/useMobileLayout)
 * and the Ctrl/Cmd+B shortcut both decide desktop versus mobile by it and nothing else.
 */
export function isMobileViewport(): boolean {
  try {
    return window.matchMedia?.(MOBILE_MEDIA_QUERY).matches ?? false;
  } catch {
    return false; // matchMedia missing or broken
  }
}

/**
 * "On mobile" for storage decisions: a small viewport or a phone/tablet browser (a tablet held
 * landscape is wider than the breakpoint but may still discard a hidden page). Not for layout.
 */
export function isMobileDevice(): boolean {
  return isMobileViewport() || /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}
