import * as v from 'valibot';
import { readJson, remove, StorageKeys, writeJson } from '../../../app/storage';
import type { Clock } from '../../../app/clock';
import { REFRESH_LEASE_MS } from './constants';

const LOCK_NAME = 'courtside.refresh';

/** The storage lease; anything else under its key counts as no lease (it carries no token). */
const leaseSchema = v.object({ owner: v.string(), until: v.number() });

const isLease = (value: unknown): value is v.InferOutput<typeof leaseSchema> => v.is(leaseSchema, value);

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` while no other tab refreshes: Web Locks where the browser has them, otherwise a
 * lease in local storage (it carries no token) that expires by itself if its tab dies.
 */
export async function withRefreshLock<T>(task: () => Promise<T>, clock: Clock): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(LOCK_NAME, { mode: 'exclusive' }, task);

  const owner = `${clock.now()}-${Math.random().toString(36).slice(2)}`;
  const deadline = clock.now() + REFRESH_LEASE_MS;
  for (;;) {
    const held = readJson('persistent', StorageKeys.refreshLease, isLease);
    const now = clock.now();
    if (held.status !== 'ok' || held.value.until <= now || now >= deadline) break;
    await pause(100);
  }
  writeJson('persistent', StorageKeys.refreshLease, { owner, until: clock.now() + REFRESH_LEASE_MS });
  try {
    return await task();
  } finally {
    const held = readJson('persistent', StorageKeys.refreshLease, isLease);
    if (held.status === 'ok' && held.value.owner === owner) remove('persistent', StorageKeys.refreshLease);
  }
}
