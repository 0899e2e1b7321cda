import type { ReleaseStoredSession } from './uploadPersistence';

/** One sign-in's hold on the stored upload session (uploadSessionSaga.ts: who may write, clear and offer it). */
export interface StoredSessionClaim {
  /** Holds the stored session, where no other open tab holds it; true while this tab holds it. */
  hold(): Promise<boolean>;
  /** Whether this tab holds it now. */
  readonly held: boolean;
  /** Lets go of it (and of a hold still being asked for): another tab may take it. */
  release(): void;
}

/**
 * The hold over time: asked for when the session is first written or offered, kept while it has files to
 * store, let go once it has none (so another tab's uploads can be stored) and when the sign-in ends. Saves
 * that ask at once share one request, so the tab never finds its own hold in the way.
 */
export function storedSessionClaim(claim: () => Promise<ReleaseStoredSession | null>): StoredSessionClaim {
  let releaseHeld: ReleaseStoredSession | null = null;
  let asking: Promise<boolean> | null = null;
  let generation = 0;
  return {
    hold() {
      if (releaseHeld) return Promise.resolve(true);
      if (!asking) {
        const asked = generation;
        asking = claim().then(
          (release) => {
            asking = null;
            if (!release) return false;
            // Released while the request was on its way: let go of what it brought.
            if (asked !== generation) {
              release();
              return false;
            }
            releaseHeld = release;
            return true;
          },
          () => {
            asking = null;
            return false;
          },
        );
      }
      return asking;
    },
    get held() {
      return releaseHeld !== null;
    },
    release() {
      generation += 1;
      releaseHeld?.();
      releaseHeld = null;
    },
  };
}

/** The saga context key of the sign-in's claim (set by uploadScope, uploadQueueSaga.ts). */
export const STORED_SESSION_CLAIM = 'storedSessionClaim';
