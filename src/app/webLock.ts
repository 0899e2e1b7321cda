import { CANCEL } from 'redux-saga';

/** Lets go of a held lock; calling it again does nothing. */
export type ReleaseLock = () => void;

type Cancellable<T> = Promise<T> & { [CANCEL]: () => void };

const noLock: ReleaseLock = () => undefined;

function browserLocks(): LockManager | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return typeof locks?.request === 'function' ? locks : undefined;
}

/**
 * Holds the Web Lock `name` for this tab until the release is called (the browser also lets go when the tab
 * goes). With `ifAvailable`, null while another tab holds it; otherwise it waits for it. Without Web Locks (older
 * browsers) every tab holds it at once: the release does nothing. Rejects where the browser refuses locks (a
 * sandboxed frame); each caller decides what that means.
 *
 * redux-saga calls the promise's CANCEL when the waiting saga is cancelled (a sign-out): a wait is aborted, and
 * a lock granted just before is let go at once, with nobody left to release it.
 */
function holdWebLock(name: string, ifAvailable: boolean): Cancellable<ReleaseLock | null> {
  const locks = browserLocks();
  if (!locks) return Object.assign(Promise.resolve(noLock), { [CANCEL]: () => undefined });
  // The spec refuses a signal beside ifAvailable; a try that is not granted ends at once anyway.
  const abort = ifAvailable ? null : new AbortController();
  let cancelled = false;
  let held: ReleaseLock | null = null;
  const granted = new Promise<ReleaseLock | null>((resolve, reject) => {
    const options: LockOptions = abort ? { signal: abort.signal } : { ifAvailable: true };
    locks
      .request(name, options, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        // The lock lasts as long as this promise is pending.
        return new Promise<void>((release) => {
          held = () => release();
          if (cancelled) release();
          else resolve(held);
        });
      })
      .catch(reject);
  });
  granted.catch(() => undefined); // an aborted wait nobody awaits any more
  return Object.assign(granted, {
    [CANCEL]: () => {
      cancelled = true;
      abort?.abort();
      held?.();
    },
  });
}

/** Waits for the Web Lock `name`, then holds it until released (see holdWebLock). */
export const waitForWebLock = (name: string) => holdWebLock(name, false) as Cancellable<ReleaseLock>;

/** Holds the Web Lock `name` where no other tab holds it; null where one does (see holdWebLock). */
export const tryWebLock = (name: string): Cancellable<ReleaseLock | null> => holdWebLock(name, true);
