import { useMemo } from 'react';
import { useStore } from 'react-redux';
import { systemClock, type Clock } from '../../../app/clock';
import { useAppSelector } from '../../../app/hooks';
import type { AppServices } from '../../../app/services';
import { selectClockOffsetMs, serverNow } from '../../session/public';

/** The store's injected clock (AppServices), so rules judged in a hook use the same time as the sagas and tests. */
export function useClock(): Clock {
  const store = useStore() as unknown as { services?: Partial<AppServices> };
  return store.services?.clock ?? systemClock;
}

/**
 * The server's clock: the injected device clock plus the offset the session measured from the token's `iat`
 * (features/session/model/clockSkew.ts). The API judges LIVE, "recent" and "not over" on its own clock
 * (docs/api.md "Events"), so the discovery lists judge again on the same one, not on a device that is off.
 */
export function useServerClock(): Clock {
  const device = useClock();
  const offsetMs = useAppSelector(selectClockOffsetMs);
  return useMemo(() => ({ now: () => serverNow(device.now(), offsetMs) }), [device, offsetMs]);
}
