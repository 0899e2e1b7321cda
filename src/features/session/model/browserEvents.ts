import { eventChannel, type EventChannel } from 'redux-saga';

/** User activity that keeps a session alive (docs/product/part-1.md §4): pointer, key, touch, scroll, a tab shown again. */
export function activityChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const onActivity = () => emit(true);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') emit(true);
    };
    const opts: AddEventListenerOptions = { passive: true, capture: true };
    const events = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;
    events.forEach((e) => window.addEventListener(e, onActivity, opts));
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      events.forEach((e) => window.removeEventListener(e, onActivity, opts));
      document.removeEventListener('visibilitychange', onVisibility);
    };
  });
}

export type PageLifecycleEvent = 'wake' | 'hidden';

/**
 * Moments to look at the clock again — a tab shown, focused, back online or restored from the
 * back/forward cache — and moments to save before the page may be frozen or discarded (mobile).
 * Timers in a background tab or a sleeping laptop do not fire on time; these events do.
 */
export function pageLifecycleChannel(): EventChannel<PageLifecycleEvent> {
  return eventChannel((emit) => {
    const onVisibility = () => emit(document.visibilityState === 'visible' ? 'wake' : 'hidden');
    const onWake = () => emit('wake');
    const onHide = () => emit('hidden');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onWake);
    window.addEventListener('online', onWake);
    window.addEventListener('pageshow', onWake);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onWake);
      window.removeEventListener('online', onWake);
      window.removeEventListener('pageshow', onWake);
      window.removeEventListener('pagehide', onHide);
    };
  });
}
