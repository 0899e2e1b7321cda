import * as v from 'valibot';
import { SIGN_IN_TTL_MS } from '../../../app/product';
import { readJson, remove, StorageKeys, writeJson } from '../../../app/storage';

/**
 * A sign-in on its way through the identity provider: the `state` the provider must send back (null
 * when the API's authUrl carried none) and the "Keep me signed in" choice. Kept in local storage, so
 * the callback also completes in another tab of this browser (the provider page opened in a new tab,
 * the callback URL pasted elsewhere): tab storage would lose it there. Each entry lives 10 minutes.
 * No secret is kept: the state travels in the URL anyway; the code and the token are never stored.
 */
const pendingLoginSchema = v.object({
  state: v.nullable(v.string()),
  /** The server's provider name when the sign-in started (absent in entries written before it was kept). */
  provider: v.optional(v.string()),
  keepSignedIn: v.boolean(),
  expiresAt: v.pipe(v.number(), v.finite()),
});

export type PendingLogin = v.InferOutput<typeof pendingLoginSchema>;

/** Long enough to sign in at the provider (the code it then issues lives 60 s on its own). */
export const PENDING_LOGIN_TTL_MS = SIGN_IN_TTL_MS;
/** Sign-ins started in several tabs at once each keep their entry; the oldest go beyond this. */
export const MAX_PENDING_LOGINS = 5;

const isPendingLogin = (value: unknown): value is PendingLogin => v.is(pendingLoginSchema, value);

/** The live entries; anything unreadable counts as none (and is replaced at the next write). */
function readPending(now: number): PendingLogin[] {
  // Entry by entry, not the whole list: one unreadable entry does not cancel the other sign-ins.
  const read = readJson('persistent', StorageKeys.loginState, (value): value is unknown[] => Array.isArray(value));
  if (read.status !== 'ok') return [];
  return read.value.filter(isPendingLogin).filter((p) => p.expiresAt > now);
}

function writePending(entries: PendingLogin[]): void {
  if (entries.length === 0) remove('persistent', StorageKeys.loginState);
  else writeJson('persistent', StorageKeys.loginState, entries.slice(-MAX_PENDING_LOGINS));
}

/** An empty state is no state, on the way out and on the way back. */
export function normaliseState(state: string | null): string | null {
  return state === null || state === '' ? null : state;
}

export function rememberPendingLogin(state: string | null, keepSignedIn: boolean, now: number, provider: string): void {
  writePending([
    ...readPending(now),
    { state: normaliseState(state), provider, keepSignedIn, expiresAt: now + PENDING_LOGIN_TTL_MS },
  ]);
}

/**
 * The sign-in this callback belongs to: an unexpired entry with exactly the returned state. A callback
 * without a state matches only a sign-in whose authUrl carried none, so stripping the state from a
 * callback does not get it past the check.
 */
export function findPendingLogin(returnedState: string | null, now: number): PendingLogin | null {
  const state = normaliseState(returnedState);
  return readPending(now).find((p) => p.state === state) ?? null;
}

/** Forgets the entry once the server has answered for its code (and every expired one). */
export function forgetPendingLogin(entry: PendingLogin, now: number): void {
  const entries = readPending(now);
  const index = entries.findIndex((p) => p.state === entry.state && p.expiresAt === entry.expiresAt);
  if (index >= 0) entries.splice(index, 1);
  writePending(entries);
}
