import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, fork, getContext, put, race, select, take, takeLeading } from 'redux-saga/effects';
import type { AppServices } from '../../../app/services';
import { pageLifecycleChannel, signedOut, type PageLifecycleEvent } from '../../session/public';
import { LOCATION_DEADLINE_GRACE_MS, LOCATION_TIMEOUT_MS, positionOptions } from './constants';
import { problemForErrorCode } from './geolocationMessages';
import {
  browserGeolocation,
  type BrowserPermission,
  type GeolocationServices,
  type PermissionWatch,
  type PositionOutcome,
} from './geolocationServices';
import {
  locationDenied,
  locationFailed,
  locationFound,
  locationRequested,
  locationUnsupported,
  locationWanted,
  permissionKnown,
  selectLocationStatus,
  selectRememberedPermission,
  type LocationStatus,
} from './geolocationSlice';
import {
  clearCachedLocation,
  measuredAt,
  readCachedLocation,
  readPermission,
  writeCachedLocation,
  writePermission,
  type RememberedPermission,
} from './locationCache';

/** The name it is started under (useInjectedSaga); once per store. */
export const GEOLOCATION_SAGA = 'geolocation';

const rememberedFrom = (state: BrowserPermission): RememberedPermission => (state === 'prompt' ? 'unknown' : state);

// ── one request ────────────────────────────────────────────────────────────────────────────

/**
 * The browser's answer, or null once the deadline has passed. The deadline is wall-clock time: a
 * background tab's timer fires late, so the clock is read again whenever the page wakes.
 */
function* answerBefore(pending: Promise<PositionOutcome>, deadline: number): SagaIterator<PositionOutcome | null> {
  const { clock }: AppServices = yield getContext('services');
  // Any page event (shown, focused, online, hidden) is a moment to read the clock again.
  const wake: EventChannel<PageLifecycleEvent> = yield call(pageLifecycleChannel);
  try {
    for (;;) {
      const left = deadline - clock.now();
      if (left <= 0) return null;
      const { answer, due } = yield race({
        answer: call(() => pending),
        due: delay(left),
        wake: take(wake),
      });
      if (answer) return answer as PositionOutcome;
      if (due) return null;
    }
  } finally {
    wake.close();
  }
}

/** Puts the browser's answer (or its silence) into the state and storage. */
function* settle(answer: PositionOutcome | null): SagaIterator {
  const { clock }: AppServices = yield getContext('services');
  if (answer === null) {
    yield put(locationFailed({ reason: 'timeout' }));
  } else if (answer.kind === 'position') {
    const at = measuredAt(answer.timestamp, clock.now());
    writeCachedLocation(answer, at);
    writePermission('granted');
    yield put(locationFound({ latitude: answer.latitude, longitude: answer.longitude, accuracy: answer.accuracy, at }));
  } else {
    const problem = problemForErrorCode(answer.code);
    if (problem === 'denied') yield call(deny);
    else yield put(locationFailed({ reason: problem }));
  }
}

/** Refused: remembered, so screens stop asking on their own, and no earlier location is used. */
function* deny(): SagaIterator {
  writePermission('denied');
  clearCachedLocation();
  yield put(locationDenied());
}

/**
 * A remembered refusal still holds unless the browser says otherwise now (the user allowed the site
 * in its settings since). Without the Permissions API, only a Try Again asks again.
 */
function* stillDenied(io: GeolocationServices): SagaIterator<boolean> {
  const watch: PermissionWatch | null = yield call([io, io.queryPermission]);
  if (!watch || watch.state === 'denied') return true;
  writePermission(rememberedFrom(watch.state));
  yield put(permissionKnown(rememberedFrom(watch.state)));
  return false;
}

/**
 * docs/product/part-2.md §4: requested unless denied; a cached location (15 minutes) answers at once;
 * otherwise the browser is asked with the §9 options, against our own deadline.
 */
function* wantLocation(io: GeolocationServices, action: ReturnType<typeof locationWanted>): SagaIterator {
  const { clock }: AppServices = yield getContext('services');
  if (!io.isSupported()) {
    yield put(locationUnsupported());
    return;
  }
  const { force } = action.payload;
  const remembered = readPermission();
  if (remembered !== (yield select(selectRememberedPermission))) yield put(permissionKnown(remembered));
  if (!force) {
    if (remembered === 'denied' && (yield call(stillDenied, io))) {
      yield put(locationDenied());
      return;
    }
    const cached = readCachedLocation(clock.now());
    if (cached) {
      yield put(locationFound({ ...cached.location, accuracy: null, at: cached.timestamp }));
      return;
    }
  }
  yield put(locationRequested());
  const pending = io.getCurrentPosition(positionOptions(force));
  const answer: PositionOutcome | null = yield call(
    answerBefore,
    pending,
    clock.now() + LOCATION_TIMEOUT_MS + LOCATION_DEADLINE_GRACE_MS,
  );
  yield call(settle, answer);
}

/** A sign-out ends the request: its answer must not reach the next user of a shared device. */
function* serveWant(io: GeolocationServices, action: ReturnType<typeof locationWanted>): SagaIterator {
  yield race({ done: call(wantLocation, io, action), signedOut: take(signedOut.type) });
}

// ── the browser's permission ───────────────────────────────────────────────────────────────

/**
 * The permission changed in the browser (or is read at start). Denied: the location goes, and the
 * screens show the refusal. Granted after a refusal or a failure: asked again — the user allowed it in
 * the settings, or answered the prompt after our deadline had already given up.
 */
function* applyBrowserPermission(state: BrowserPermission): SagaIterator {
  const before = readPermission();
  const now = rememberedFrom(state);
  if (now === 'denied') {
    yield call(deny);
    return;
  }
  writePermission(now);
  yield put(permissionKnown(now));
  const status: LocationStatus = yield select(selectLocationStatus);
  if (now === 'granted' && before !== 'granted' && (status === 'denied' || status === 'error'))
    yield put(locationWanted({ force: false }));
}

function permissionChanges(watch: PermissionWatch): EventChannel<BrowserPermission> {
  return eventChannel((emit) => watch.subscribe(emit));
}

/** Where the browser has the Permissions API, its geolocation state is followed for the store's lifetime. */
function* followPermission(io: GeolocationServices): SagaIterator {
  const watch: PermissionWatch | null = yield call([io, io.queryPermission]);
  if (!watch) return;
  const changes: EventChannel<BrowserPermission> = yield call(permissionChanges, watch);
  try {
    yield call(applyBrowserPermission, watch.state);
    for (;;) {
      const state: BrowserPermission = yield take(changes);
      yield call(applyBrowserPermission, state);
    }
  } finally {
    changes.close();
  }
}

/**
 * The geolocation service shared by the screens that need the device's location. takeLeading: wants
 * that arrive while the browser is being asked share that one request (two screens, a remount, a
 * double-clicked Try Again) — takeLatest would cancel it and ask again, a second prompt on some
 * browsers and a deadline started over, for an answer that is already coming.
 */
export function* geolocationSaga(io: GeolocationServices = browserGeolocation): SagaIterator {
  yield fork(followPermission, io);
  yield takeLeading(locationWanted.type, serveWant, io);
}
