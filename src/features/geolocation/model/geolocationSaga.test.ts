import { fullKey, StorageKeys } from '../../../app/storage';
import { signedInStore } from '../../../test/sessionStore';
import { makeToken } from '../../../test/tokens';
import { signedOut } from '../../session/public';
import { LOCATION_CACHE_MS, LOCATION_MAXIMUM_AGE_MS, LOCATION_TIMEOUT_MS } from './constants';
import { GEOLOCATION_MESSAGES } from './geolocationMessages';
import { GEOLOCATION_SAGA, geolocationSaga } from './geolocationSaga';
import type { BrowserPermission, GeolocationServices, PositionOutcome } from './geolocationServices';
import {
  locationWanted,
  selectDeviceLocation,
  selectLocationMessage,
  selectLocationStatus,
  selectRememberedPermission,
} from './geolocationSlice';
import { readCachedLocation, readPermission, writeCachedLocation, writePermission } from './locationCache';

const T0 = Date.UTC(2026, 4, 2, 15, 0, 0);
const MIN = 60_000;
/** How long the fake browser takes to answer. */
const ANSWER_MS = 300;
/** Our deadline: the browser's 10 s plus the grace. */
const DEADLINE_MS = 12_000;
const HERE = { latitude: 40.7128, longitude: -74.006 };

const tick = (ms: number) => jest.advanceTimersByTimeAsync(ms);

type Reply = (() => PositionOutcome) | 'never';
const position = (): PositionOutcome => ({ kind: 'position', ...HERE, accuracy: 12, timestamp: Date.now() });
const error = (code: number) => (): PositionOutcome => ({ kind: 'error', code });

/**
 * The browser's Geolocation and Permissions APIs as the saga sees them: every request is recorded and
 * answered `ANSWER_MS` later with `reply` (or never); `permission` null means no Permissions API.
 */
function fakeBrowser({
  permission = null,
  supported = true,
}: { permission?: BrowserPermission | null; supported?: boolean } = {}) {
  const requests: PositionOptions[] = [];
  const listeners = new Set<(state: BrowserPermission) => void>();
  let reply: Reply = position;
  let state = permission;
  const io: GeolocationServices = {
    isSupported: () => supported,
    getCurrentPosition: (options) => {
      requests.push(options);
      const answer = reply;
      return new Promise((resolve) => {
        if (answer !== 'never') setTimeout(() => resolve(answer()), ANSWER_MS);
      });
    },
    queryPermission: () =>
      Promise.resolve(
        state === null
          ? null
          : {
              get state() {
                return state ?? 'prompt';
              },
              subscribe(listener: (s: BrowserPermission) => void) {
                listeners.add(listener);
                return () => listeners.delete(listener);
              },
            },
      ),
  };
  return {
    io,
    requests,
    answerWith(next: Reply) {
      reply = next;
    },
    /** The user changes the site's permission (settings, or a prompt answered). */
    changePermission(next: BrowserPermission) {
      state = next;
      listeners.forEach((listener) => listener(next));
    },
    listeners,
  };
}

/** A signed-in store with the geolocation saga started on `browser`, as the hook would start it. */
function setup(browser = fakeBrowser()) {
  const { store } = signedInStore(makeToken({}), { now: T0, userSagas: [[GEOLOCATION_SAGA, () => geolocationSaga(browser.io)]] });
  const want = (force = false) => store.dispatch(locationWanted({ force }));
  const view = () => {
    const state = store.getState();
    return {
      status: selectLocationStatus(state),
      location: selectDeviceLocation(state),
      message: selectLocationMessage(state),
    };
  };
  return { store, browser, want, view };
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('asking the browser', () => {
  it('granted: enabled with the position, cached for 15 minutes, permission remembered', async () => {
    const { browser, want, view, store } = setup();
    want();
    expect(view().status).toBe('requesting');
    expect(browser.requests).toEqual([
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: LOCATION_MAXIMUM_AGE_MS },
    ]);
    await tick(ANSWER_MS);
    expect(view()).toEqual({ status: 'enabled', location: { ...HERE, accuracy: 12, at: T0 + ANSWER_MS }, message: null });
    expect(readCachedLocation(Date.now())).toEqual({ location: HERE, timestamp: T0 + ANSWER_MS, permissionGranted: true });
    expect(readPermission()).toBe('granted');
    expect(selectRememberedPermission(store.getState())).toBe('granted');
  });

  it('denied: shows the refusal, remembers it, and the next mount does not ask on its own', async () => {
    const { browser, want, view } = setup();
    browser.answerWith(error(1));
    want();
    await tick(ANSWER_MS);
    expect(view()).toEqual({ status: 'denied', location: null, message: GEOLOCATION_MESSAGES.denied });
    expect(readPermission()).toBe('denied');

    // The next screen that mounts: no request, the refusal shown at once.
    want();
    await tick(ANSWER_MS);
    expect(browser.requests).toHaveLength(1);
    expect(view().status).toBe('denied');

    // Try Again asks anyway (the user may have changed the browser's setting).
    browser.answerWith(position);
    want(true);
    await tick(ANSWER_MS);
    expect(browser.requests).toHaveLength(2);
    expect(view().status).toBe('enabled');
    expect(readPermission()).toBe('granted');
  });

  it('a remembered refusal is not asked about after a reload either', async () => {
    writePermission('denied');
    const { browser, want, view } = setup();
    want();
    await tick(DEADLINE_MS);
    expect(browser.requests).toHaveLength(0);
    expect(view()).toEqual({ status: 'denied', location: null, message: GEOLOCATION_MESSAGES.denied });
  });

  it('timeout: a browser that never answers gives "Location request timed out." at the deadline', async () => {
    const { browser, want, view } = setup();
    browser.answerWith('never');
    want();
    await tick(DEADLINE_MS - 1);
    expect(view().status).toBe('requesting');
    await tick(1);
    expect(view()).toEqual({ status: 'error', location: null, message: 'Location request timed out.' });
    expect(readCachedLocation(Date.now())).toBeNull();
  });

  it('timeout in a background tab: the late timer is not waited for once the page is shown again', async () => {
    const { browser, want, view } = setup();
    browser.answerWith('never');
    want();
    await tick(1_000);
    // The tab slept: the wall clock moved on, its timers did not fire.
    jest.setSystemTime(Date.now() + DEADLINE_MS);
    window.dispatchEvent(new Event('focus'));
    await tick(0);
    expect(view().message).toBe(GEOLOCATION_MESSAGES.timeout);
  });

  it.each([
    [2, 'Location information unavailable.'],
    [3, 'Location request timed out.'],
    [0, 'Unable to get your location'],
  ])('browser error code %i (position unavailable, timeout, other): error with its §8 text', async (code, message) => {
    const { browser, want, view } = setup();
    browser.answerWith(error(code));
    want();
    await tick(ANSWER_MS);
    expect(view()).toEqual({ status: 'error', location: null, message });
    expect(readPermission()).toBe('unknown');
  });

  it('unsupported: says so without asking', async () => {
    const { browser, want, view } = setup(fakeBrowser({ supported: false }));
    want();
    await tick(0);
    expect(view()).toEqual({ status: 'unsupported', location: null, message: GEOLOCATION_MESSAGES.unsupported });
    expect(browser.requests).toHaveLength(0);
  });

  it('wants arriving while the browser is asked share that one request', async () => {
    const { browser, want, view } = setup();
    want();
    want();
    want(true);
    await tick(ANSWER_MS);
    expect(browser.requests).toHaveLength(1);
    expect(view().status).toBe('enabled');
  });
});

describe('the cached location', () => {
  it('within 15 minutes: enabled at once, the browser not asked', async () => {
    writeCachedLocation(HERE, T0 - LOCATION_CACHE_MS + 1_000);
    writePermission('granted');
    const { browser, want, view } = setup();
    want();
    expect(view()).toEqual({
      status: 'enabled',
      location: { ...HERE, accuracy: null, at: T0 - LOCATION_CACHE_MS + 1_000 },
      message: null,
    });
    await tick(ANSWER_MS);
    expect(browser.requests).toHaveLength(0);
  });

  it('older than 15 minutes: discarded, the browser asked', async () => {
    writeCachedLocation({ latitude: 1, longitude: 2 }, T0 - LOCATION_CACHE_MS);
    const { browser, want, view } = setup();
    want();
    expect(view().status).toBe('requesting');
    await tick(ANSWER_MS);
    expect(browser.requests).toHaveLength(1);
    expect(view().location).toMatchObject(HERE);
  });

  it('a position kept by the browser is cached from when it was measured', async () => {
    const { browser, want } = setup();
    browser.answerWith(() => ({ kind: 'position', ...HERE, accuracy: 5, timestamp: Date.now() - 4 * MIN }));
    want();
    await tick(ANSWER_MS);
    // Measured 4 minutes before it arrived: 11 minutes of validity left, not 15.
    expect(readCachedLocation(Date.now() + 11 * MIN - 1)).not.toBeNull();
    expect(readCachedLocation(Date.now() + 11 * MIN)).toBeNull();
  });

  it('forced refresh (Try Again): the cache is not used and the browser must measure anew (maximum age 0)', async () => {
    writeCachedLocation({ latitude: 1, longitude: 2 }, T0 - MIN);
    const { browser, want, view } = setup();
    want(true);
    expect(view().status).toBe('requesting');
    await tick(ANSWER_MS);
    expect(browser.requests).toEqual([{ enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 0 }]);
    expect(view().location).toMatchObject(HERE);
    expect(readCachedLocation(Date.now())?.location).toEqual(HERE);
  });
});

describe('following the Permissions API', () => {
  it('denied → granted in the browser settings: the location is requested again', async () => {
    const { browser, want, view } = setup(fakeBrowser({ permission: 'denied' }));
    await tick(0);
    want();
    await tick(ANSWER_MS);
    expect(view().status).toBe('denied');
    expect(browser.requests).toHaveLength(0);

    browser.changePermission('granted');
    await tick(ANSWER_MS);
    expect(browser.requests).toHaveLength(1);
    expect(view().status).toBe('enabled');
    expect(readPermission()).toBe('granted');
  });

  it('a refusal remembered here but lifted in the browser since: asked on mount', async () => {
    writePermission('denied');
    const { browser, want, view } = setup(fakeBrowser({ permission: 'prompt' }));
    want();
    await tick(ANSWER_MS);
    expect(browser.requests).toHaveLength(1);
    expect(view().status).toBe('enabled');
  });

  it('granted → denied: the location is cleared, with the cache, and the refusal shown', async () => {
    const { browser, want, view } = setup(fakeBrowser({ permission: 'granted' }));
    want();
    await tick(ANSWER_MS);
    expect(view().status).toBe('enabled');

    browser.changePermission('denied');
    await tick(0);
    expect(view()).toEqual({ status: 'denied', location: null, message: GEOLOCATION_MESSAGES.denied });
    expect(readCachedLocation(Date.now())).toBeNull();
    expect(readPermission()).toBe('denied');
  });

  it('a prompt answered after our deadline: the timeout gives way to the location', async () => {
    const { browser, want, view } = setup(fakeBrowser({ permission: 'prompt' }));
    browser.answerWith('never');
    want();
    await tick(DEADLINE_MS);
    expect(view().message).toBe(GEOLOCATION_MESSAGES.timeout);

    browser.answerWith(position);
    browser.changePermission('granted');
    await tick(ANSWER_MS);
    expect(view().status).toBe('enabled');
  });

  it('without the Permissions API nothing is followed, and asking still works', async () => {
    const { browser, want, view } = setup(fakeBrowser({ permission: null }));
    want();
    await tick(ANSWER_MS);
    expect(view().status).toBe('enabled');
    expect(browser.listeners.size).toBe(0);
  });

  it('the change listener is removed when the saga ends', async () => {
    const { browser, store } = setup(fakeBrowser({ permission: 'granted' }));
    await tick(0);
    expect(browser.listeners.size).toBe(1);
    store.sagaTask?.cancel();
    await tick(0);
    expect(browser.listeners.size).toBe(0);
  });
});

describe('sign-out', () => {
  it('resets the slice: the next user of the device does not see where the last one was', async () => {
    const { want, view, store } = setup();
    want();
    await tick(ANSWER_MS);
    expect(view().status).toBe('enabled');
    store.dispatch(signedOut({ reason: 'user_logout' }));
    expect(store.getState().geolocation).toEqual({ status: 'unknown', location: null, message: null, permission: 'unknown' });
    // The stored location goes with the user's other data (userDataSaga); the permission is the device's.
    expect(localStorage.getItem(fullKey(StorageKeys.locationCache))).toBeNull();
    expect(readPermission()).toBe('granted');
  });

  it('ends a request in flight: its answer does not arrive for the next user', async () => {
    const { want, view, store } = setup();
    want();
    store.dispatch(signedOut({ reason: 'user_logout' }));
    await tick(ANSWER_MS);
    expect(view()).toEqual({ status: 'unknown', location: null, message: null });
    expect(readCachedLocation(Date.now())).toBeNull();
  });
});
