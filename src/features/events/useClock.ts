import { useStore } from 'react-redux';
import { systemClock, type Clock } from '../../app/clock';
import type { AppServices } from '../../app/services';

/** The store's injected clock (AppServices), so rules judged in a hook use the same time as the sagas and tests. */
export function useClock(): Clock {
  const store = useStore() as unknown as { services?: Partial<AppServices> };
  return store.services?.clock ?? systemClock;
}
