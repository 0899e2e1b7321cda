import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import type * as LuxonModule from 'luxon';
import type * as UserSagasModule from '../app/userSagas';
import type * as StoreModule from '../app/store';

/*
 * findBy… and waitFor wait up to 5 s instead of 1 s: on a busy CI machine a screen's deferred render of a new page
 * of rows can take longer than a second. A passing wait ends as soon as it
 * passes, so only a slow machine waits longer.
 */
configure({ asyncUtilTimeout: 5_000 });

/*
 * The device's time zone is luxon's default zone, which tests set (`Settings.defaultZone = 'Europe/Berlin'`) to see
 * the app from a device elsewhere: the app reads the browser's zone (lib/deviceZone.ts), and Node's cannot be
 * changed inside a test. deviceZone.test.ts tests the real reading.
 */
jest.mock('../lib/deviceZone', () => ({
  deviceZoneName: () => jest.requireActual<typeof LuxonModule>('luxon').Settings.defaultZone.name,
}));

/*
 * Every BroadcastChannel a test opens is closed once the test ends. A store whose test failed before it
 * cancelled its saga keeps its channel open: it would hear the next tests' messages (one failure became
 * thirteen), and an open channel keeps Node's event loop alive, so Jest never exited and CI ran into its
 * time limit instead of reporting the failure.
 */
/*
 * A store's user sagas start with the session, not after their chunk loads (a dynamic import in Jest compiles a
 * module graph in the middle of a test's fake-time steps). Without the TAG NOW outbox, which keeps an IndexedDB
 * and a BroadcastChannel per store and made unrelated session tests timing-dependent: the tag tests start it
 * with their own services, and the browser tests run it as shipped.
 */
const testUserSagas = () =>
  // Required when a store is made, not imported here: a test's own jest.mock must reach these modules.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('../app/userSagas') as typeof UserSagasModule).USER_SAGAS.filter(([name]) => name !== 'tagOutbox');

/*
 * Likewise every store a test made has its sagas cancelled once the test ends, so a failed test's store
 * cannot answer the next test's window events, storage or messages (a second refresh, a stray logout).
 */
const liveStores = new Set<{ sagaTask: { cancel(): void } | null }>();
jest.mock('../app/store', () => {
  const actual = jest.requireActual<typeof StoreModule>('../app/store');
  return {
    ...actual,
    makeStore: (options: Parameters<typeof StoreModule.makeStore>[0] = {}) => {
      const store = actual.makeStore({ userSagas: testUserSagas(), ...options });
      liveStores.add(store);
      return store;
    },
  };
});
afterEach(() => {
  for (const store of [...liveStores]) store.sagaTask?.cancel();
  liveStores.clear();
});

const NativeBroadcastChannel = globalThis.BroadcastChannel;
if (typeof NativeBroadcastChannel === 'function') {
  const open = new Set<BroadcastChannel>();
  class ClosedAfterEachTest extends NativeBroadcastChannel {
    constructor(name: string) {
      super(name);
      open.add(this);
    }

    override close() {
      open.delete(this);
      super.close();
    }
  }
  globalThis.BroadcastChannel = ClosedAfterEachTest;
  afterEach(() => {
    for (const channel of [...open]) channel.close();
  });
}
