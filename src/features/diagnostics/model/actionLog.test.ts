import { api } from '../../../api/apiSlice';
import { makeStore } from '../../../app/store';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { activityRecorded, sessionStarted, signedOut } from '../../session/public';
import { ACTION_LOG_CAPACITY, actionLogOf } from './actionLog';

const record = () => ({
  user: TEST_USER,
  token: makeToken({}),
  lastActivity: 0,
  lastRefresh: 0,
  persistAcrossRestarts: false,
  clockOffsetMs: 0,
});

function signedInStore() {
  const store = makeStore({ runSagas: false });
  store.dispatch(sessionStarted({ record: record(), source: 'login' }));
  return store;
}

describe('action log', () => {
  it(`keeps the last ${ACTION_LOG_CAPACITY} actions, each with the state the reducer received it with`, () => {
    const store = signedInStore();
    for (let at = 1; at <= 150; at += 1) store.dispatch(activityRecorded({ at }));
    const entries = actionLogOf(store)!.entries();
    expect(entries).toHaveLength(ACTION_LOG_CAPACITY);
    expect(entries.map((e) => (e.action.payload as { at: number }).at)).toEqual(
      Array.from({ length: ACTION_LOG_CAPACITY }, (_, i) => 51 + i),
    );
    const stateBefore = entries[0]!.stateBefore as ReturnType<typeof store.getState>;
    expect(stateBefore.session.lastActivity).toBe(50);
  });

  // RTK Query's middleware announces itself with an action of its own (again after a cache reset).
  const typesIn = (store: ReturnType<typeof makeStore>) =>
    actionLogOf(store)!
      .entries()
      .map((e) => e.action.type)
      .filter((type) => type !== 'api/config/middlewareRegistered');

  it('is kept per store', () => {
    const a = signedInStore();
    const b = makeStore({ runSagas: false });
    a.dispatch(activityRecorded({ at: 5 }));
    expect(typesIn(a)).toEqual([sessionStarted.type, activityRecorded.type]);
    expect(typesIn(b)).toEqual([]);
  });

  it("starts afresh at sign-out and at the API cache reset, keeping nothing of the previous user's", () => {
    const store = signedInStore();
    store.dispatch(activityRecorded({ at: 1 }));
    store.dispatch(signedOut({ reason: 'user_logout' }));
    expect(typesIn(store)).toEqual([]);
    store.dispatch(activityRecorded({ at: 2 }));
    expect(typesIn(store)).toEqual([activityRecorded.type]);
    store.dispatch(api.util.resetApiState());
    expect(typesIn(store)).toEqual([]);
    expect(JSON.stringify(actionLogOf(store)!.entries())).not.toContain(TEST_USER.id);
  });

  it('records JSON-safe copies: live objects in an action are named, functions dropped', () => {
    const store = makeStore({ runSagas: false });
    const request = new Request('http://localhost/api/v1/events');
    store.dispatch({
      type: 'test/withLiveObjects',
      payload: { at: new Date(0), list: [1, undefined], fn: () => 1 },
      meta: { baseQueryMeta: { request } },
    });
    const [entry] = actionLogOf(store)!.entries().slice(-1);
    expect(entry!.action).toEqual({
      type: 'test/withLiveObjects',
      payload: { at: '1970-01-01T00:00:00.000Z', list: [1, null] },
      meta: { baseQueryMeta: { request: '[Request]' } },
    });
  });
});
