import { restoreSession, type RestoreOutcome } from './sessionStorage';

/**
 * The stored session, read once per store (docs/product/part-1.md §4): by the app's start before its first
 * render, so that a signed-in page renders signed in while the sagas' file is still on its way, or else by
 * the session saga. The first read removes a corrupt or expired entry, and its reason must still reach the
 * login page, so a refusal is kept for a later reader; a restored record is handed out once only (it holds the
 * token, which from then on lives in the store alone and goes with the session).
 */
export interface StartRestore {
  /** Whether the stored session has been read. */
  readonly done: boolean;
  /** The outcome, the first time; after that a refusal again, or null when a record was restored. */
  read(): RestoreOutcome | null;
}

export function createStartRestore(now: () => number): StartRestore {
  let done = false;
  let refusal: RestoreOutcome | null = null;
  return {
    get done() {
      return done;
    },
    read() {
      if (done) return refusal;
      done = true;
      const outcome = restoreSession(now());
      if (outcome.kind === 'none') refusal = outcome;
      return outcome;
    },
  };
}
