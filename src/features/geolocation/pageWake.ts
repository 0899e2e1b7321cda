import { eventChannel, type EventChannel } from 'redux-saga';

/**
 * Moments to look at the clock again: the tab shown or focused, the page restored from the back/forward
 * cache. Timers in a background tab fire late; these events do not.
 */
export function pageWakeChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') emit(true);
    };
    const onWake = () => emit(true);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onWake);
    window.addEventListener('pageshow', onWake);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onWake);
      window.removeEventListener('pageshow', onWake);
    };
  });
}
