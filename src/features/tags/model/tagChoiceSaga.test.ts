import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Task } from 'redux-saga';
import { systemClock } from '../../../app/clock';
import { rootReducer, type RootState } from '../../../app/rootReducer';
import { actionRecorder } from '../../../test/sessionStore';
import { TEST_USER } from '../../../test/tokens';
import { initialSessionState, signedOut } from '../../session/public';
import { TAG_CHOICE_GRACE_MS } from './tagChoicePolicy';
import { tagChoiceSaga } from './tagChoiceSaga';
import { initialTagsState, selectEndedTagEventName, selectTagEvent, tagEventCleared, tagEventSelected } from './tagsSlice';
import { tagEvent } from '../../../test/data/tagTestData';
import type { EventSummary } from '../../events/public';

const T0 = Date.UTC(2026, 11, 2, 18, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const tick = (ms: number) => jest.advanceTimersByTimeAsync(ms);

/** An event that ends `endsInMs` after T0. */
const endingIn = (endsInMs: number, over: Partial<EventSummary> = {}): EventSummary => ({
  ...tagEvent,
  startTime: new Date(T0 - HOUR).toISOString(),
  endTime: new Date(T0 + endsInMs).toISOString(),
  ...over,
});

/**
 * The app's reducer with the saga alone on it (the session's own timers would sign an idle test user out within
 * 30 minutes); `clockOffsetMs`: how far the server's clock is ahead of the device's.
 */
function setup({ clockOffsetMs = 0, chosen: first = null as EventSummary | null } = {}) {
  const recorder = actionRecorder();
  const sagas = createSagaMiddleware({ context: { services: { clock: systemClock } } });
  const session = { ...initialSessionState, status: 'signedIn' as const, user: TEST_USER, token: 't', clockOffsetMs };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session, tags: { ...initialTagsState, selectedEvent: first } } as Partial<RootState>,
    middleware: (defaults) => defaults().concat(recorder.middleware, sagas),
  });
  tasks.push(sagas.run(tagChoiceSaga));
  const choose = (event: EventSummary) => store.dispatch(tagEventSelected(event));
  const chosen = () => selectTagEvent(store.getState())?.id ?? null;
  const notice = () => selectEndedTagEventName(store.getState());
  return { store, recorder, choose, chosen, notice };
}

const tasks: Task[] = [];

beforeEach(() => {
  jest.useFakeTimers({ now: T0, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
});

afterEach(() => {
  for (const task of tasks.splice(0)) task.cancel();
  jest.useRealTimers();
});

describe('tagChoiceSaga', () => {
  it('keeps the choice through the grace after the end time, and drops it when the grace runs out', async () => {
    const { choose, chosen, notice, recorder } = setup();
    choose(endingIn(30 * MINUTE, { id: 'game', name: 'Finals' }));
    await tick(30 * MINUTE + TAG_CHOICE_GRACE_MS - 1);
    expect(chosen()).toBe('game');
    expect(notice()).toBeNull();
    await tick(1);
    expect(chosen()).toBeNull();
    expect(notice()).toBe('Finals');
    expect(recorder.ofType('tags/tagEventEnded')).toEqual([{ type: 'tags/tagEventEnded', payload: { eventId: 'game' } }]);
  });

  it('a choice already over when the saga starts (a tab left open since an earlier game) is dropped at once', async () => {
    const { chosen, notice } = setup({ chosen: endingIn(-(TAG_CHOICE_GRACE_MS + DAY)) });
    await tick(0);
    expect(chosen()).toBeNull();
    expect(notice()).toBe('Finals');
  });

  it('a background tab: its timer did not fire, and the page being shown again is enough to drop the choice', async () => {
    const { choose, chosen, notice } = setup();
    choose(endingIn(10 * MINUTE));
    await tick(MINUTE);
    // The tab slept: the wall clock moved on past the end and the grace, its timers did not fire.
    jest.setSystemTime(Date.now() + 10 * MINUTE + TAG_CHOICE_GRACE_MS);
    expect(chosen()).toBe('e-1');
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(0);
    expect(chosen()).toBeNull();
    expect(notice()).toBe('Finals');
  });

  it("reads the server's clock, as the tags' times do", async () => {
    // The device runs 20 minutes behind the server: the grace ends 20 minutes earlier on the device's clock.
    const { choose, chosen } = setup({ clockOffsetMs: 20 * MINUTE });
    choose(endingIn(0));
    await tick(TAG_CHOICE_GRACE_MS - 20 * MINUTE - 1);
    expect(chosen()).toBe('e-1');
    await tick(1);
    expect(chosen()).toBeNull();
  });

  it("another choice starts its own time: the first event's end does not drop it", async () => {
    const { choose, chosen, notice } = setup();
    choose(endingIn(10 * MINUTE, { id: 'early' }));
    await tick(5 * MINUTE);
    choose(endingIn(5 * HOUR, { id: 'late', name: 'Semis' }));
    await tick(TAG_CHOICE_GRACE_MS + HOUR);
    expect(chosen()).toBe('late');
    await tick(5 * HOUR);
    expect(chosen()).toBeNull();
    expect(notice()).toBe('Semis');
  });

  it('a choice the user cleared leaves nothing to say; a new choice clears the notice', async () => {
    const { store, choose, chosen, notice, recorder } = setup();
    choose(endingIn(0));
    store.dispatch(tagEventCleared());
    await tick(TAG_CHOICE_GRACE_MS + HOUR);
    expect(recorder.ofType('tags/tagEventEnded')).toEqual([]);
    choose(endingIn(HOUR, { id: 'next' }));
    await tick(TAG_CHOICE_GRACE_MS + HOUR);
    expect(notice()).toBe('Finals');
    choose(endingIn(10 * HOUR, { id: 'again' }));
    expect(notice()).toBeNull();
    expect(chosen()).toBe('again');
  });

  it('an event weeks long stays chosen to its end: a timeout is capped at 2^31 − 1 ms (24.8 days), then looked at again', async () => {
    const { choose, chosen, recorder } = setup();
    choose(endingIn(40 * DAY, { id: 'season' }));
    await tick(40 * DAY);
    expect(chosen()).toBe('season');
    await tick(TAG_CHOICE_GRACE_MS);
    expect(chosen()).toBeNull();
    expect(recorder.ofType('tags/tagEventEnded')).toHaveLength(1);
  });

  it('an event whose times cannot be read is left chosen (never dropped on a guess), and no timer spins', async () => {
    const { choose, chosen } = setup();
    choose(endingIn(0, { startTime: 'soon', endTime: null }));
    await tick(30 * DAY);
    expect(chosen()).toBe('e-1');
    expect(jest.getTimerCount()).toBeLessThan(5);
  });

  it('sign-out: the next user starts with no choice and no notice, and the saga waits for their choice', async () => {
    const { store, choose, chosen, notice } = setup();
    choose(endingIn(0));
    await tick(TAG_CHOICE_GRACE_MS);
    expect(notice()).toBe('Finals');
    store.dispatch(signedOut({ reason: 'user_logout' }));
    expect(notice()).toBeNull();
    choose(endingIn(HOUR, { id: 'theirs' }));
    await tick(HOUR + TAG_CHOICE_GRACE_MS);
    expect(chosen()).toBeNull();
  });
});
