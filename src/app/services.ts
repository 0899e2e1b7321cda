import type { RefreshOutcome, SessionBridge } from '../api/baseQuery';
import type { Clock } from './clock';
import { systemClock } from './clock';

/**
 * Side-effect capabilities handed to sagas (saga context) and to the baseQuery (thunk extra
 * argument). Tests replace any of them; nothing here is module-level mutable state.
 */
export interface AppServices {
  clock: Clock;
  /** In-app navigation (bound to the router once it exists). */
  navigate: Navigate;
  /** Leaves the app for another page (identity provider, logout redirect). */
  redirect: (url: string) => void;
  /** One refresh at a time in this tab: concurrent callers share the in-flight promise. */
  refreshGate: SharedTask<RefreshOutcome>;
  /** How the API layer reads, refreshes and ends the session (features/session/model/sessionBridge.ts). */
  session: SessionBridge | null;
}

export interface SharedTask<T> {
  run(task: () => Promise<T>): Promise<T>;
  readonly pending: boolean;
}

export function createSharedTask<T>(): SharedTask<T> {
  let inflight: Promise<T> | null = null;
  return {
    run(task) {
      if (!inflight) {
        inflight = task().finally(() => {
          inflight = null;
        });
      }
      return inflight;
    },
    get pending() {
      return inflight !== null;
    },
  };
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Sagas navigate before and outside React; the router's own navigate is bound once it mounts.
 * A navigation asked for before that is kept and carried out at binding.
 */
export function createNavigation() {
  let bound: Navigate | null = null;
  let pending: { to: string; options?: { replace?: boolean } } | null = null;
  return {
    navigate: ((to, options) => {
      if (bound) bound(to, options);
      else pending = { to, options };
    }) as Navigate,
    bind(navigate: Navigate) {
      bound = navigate;
      if (pending) navigate(pending.to, pending.options);
      pending = null;
    },
  };
}

export type Navigation = ReturnType<typeof createNavigation>;

export function createAppServices(overrides: Partial<AppServices> = {}): AppServices {
  return {
    clock: systemClock,
    navigate: () => undefined,
    redirect: (url) => window.location.assign(url),
    refreshGate: createSharedTask<RefreshOutcome>(),
    session: null,
    ...overrides,
  };
}
