import { restoreSession, type RestoreOutcome } from './sessionStorage';

/**
 * The stored session, read once per store (docs/product/part-1.md §4): by the app's start before its first
 * render, so that a signed-in page renders signed in while the sagas' file is still on its way, or else by
 * the session saga. Both get the same outcome: the first read removes a corrupt or expired entry, and its
 * reason must still reach the login page.
 */
export interface StartRestore {
  /** Whether the stored session has been read. */
  readonly done: boolean;
  read(): RestoreOutcome;
}

export function createStartRestore(now: () => number): StartRestore {
  let outcome: RestoreOutcome | null = null;
  return {
    get done() {
      return outcome !== null;
    },
    read: () => (outcome ??= restoreSession(now())),
  };
}
