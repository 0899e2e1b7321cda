import { eventChannel, type EventChannel } from 'redux-saga';
import { LEAVE_WARNING } from './uploadConstants';

/** Fires once when the browser says the connection is back. */
export function onlineChannel(): EventChannel<true> {
  return eventChannel((emit) => {
    const onOnline = () => emit(true);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  });
}

/** While uploads run: the leave-page warning, the screen kept awake, and storage asked to persist. */
export function holdWhileUploading(): () => void {
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    e.preventDefault();
    e.returnValue = LEAVE_WARNING;
    return LEAVE_WARNING;
  };
  window.addEventListener('beforeunload', onBeforeUnload);

  let wakeLock: WakeLockSentinel | null = null;
  let released = false;
  const wake = navigator.wakeLock;
  wake
    ?.request('screen')
    .then((lock) => {
      if (released) void lock.release();
      else wakeLock = lock;
    })
    .catch(() => undefined); // not allowed (hidden tab, battery saver): uploads go on regardless
  // Keeps IndexedDB copies of picked files from being evicted under storage pressure.
  void navigator.storage?.persist?.().catch(() => undefined);

  return () => {
    released = true;
    window.removeEventListener('beforeunload', onBeforeUnload);
    void wakeLock?.release().catch(() => undefined);
  };
}
