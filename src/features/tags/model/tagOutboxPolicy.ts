import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { toApiFailure } from '../../../api/apiErrors';

/** What becomes of a kept tag after one try. */
export type SendOutcome =
  | { kind: 'sent'; serverId: string }
  /** Not the tag's fault (no connection, a timeout, a server error, the session ending): try again later. */
  | { kind: 'keep' }
  /** The server refused this tag (a 4xx): trying again unchanged would be refused again. */
  | { kind: 'refused'; reason: string };

type Answer = { data: { id: string } } | { error: FetchBaseQueryError | SerializedError | unknown };

/** Statuses that say "not now" rather than "not this": 401 (the session is being renewed or ended), 408, 425, 429. */
const TRANSIENT = new Set([401, 408, 425, 429]);

/**
 * The outbox's one rule for an answer. An answer that cannot be read is kept too: a captive portal's login page
 * answers 200 with HTML, and taking that for "sent" would lose the moment; a repeat is safe (the server answers
 * a repeated Idempotency-Key with the tag it made).
 */
export function outcomeOf(answer: Answer): SendOutcome {
  if ('data' in answer) return { kind: 'sent', serverId: answer.data.id };
  const failure = toApiFailure(answer.error as FetchBaseQueryError | SerializedError);
  if (typeof failure.status !== 'number' || failure.status >= 500 || TRANSIENT.has(failure.status)) return { kind: 'keep' };
  return { kind: 'refused', reason: failure.serverMessage ?? `The server refused it (HTTP ${failure.status}).` };
}

/** Seconds to wait before the next try after the n-th failed one in a row (n from 1); the last step repeats. */
export const RETRY_DELAYS_S = [2, 5, 15, 30, 60] as const;

export function retryDelayMs(failuresInARow: number): number {
  const i = Math.min(Math.max(failuresInARow, 1), RETRY_DELAYS_S.length) - 1;
  return RETRY_DELAYS_S[i]! * 1000;
}

/** Kept tags go out oldest first: the server sees the moments in the order they happened. */
export function nextToSend<T extends { status: string; timestamp: string }>(kept: readonly T[]): T | null {
  return [...kept].filter((t) => t.status === 'waiting').sort((a, b) => a.timestamp.localeCompare(b.timestamp))[0] ?? null;
}
