import type { UnknownAction } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { redactSecrets } from '../../../app/devtools';
import type { RootState } from '../../../app/rootReducer';
import { makeStore } from '../../../app/store';
import { API, apiServer, setupApiServer } from '../../../test/apiServer';
import { makeToken, TEST_USER } from '../../../test/tokens';
import { loginFailed, loginPageOpened } from '../../login/public';
import { activityRecorded, authApi, sessionStarted } from '../../session/public';
import { ACTION_LOG_CAPACITY, actionLogOf } from './actionLog';
import { buildDiagnosticsFile, diagnosticsFileName, diagnosticsFileText } from './diagnosticsFile';

setupApiServer();

const token = makeToken({});
const code = 'q8Zr0K-vXn3_Pp1sLw4yTgHcE9bQfUoA2mD7jRk5aWs';
const csrfState = 'st-5f2a9c';
const email = TEST_USER.email;

/** A store that went through a sign-in carrying every kind of secret, in actions and in state. */
async function storeWithSecrets() {
  apiServer.use(
    http.post(API('auth/local/callback'), () => HttpResponse.json({ success: true, data: { user: TEST_USER, token } })),
  );
  const store = makeStore({ runSagas: false });
  store.dispatch(loginPageOpened({ search: `?code=${code}&state=${csrfState}` }));
  await store.dispatch(authApi.endpoints.completeLogin.initiate({ provider: 'local', code }));
  store.dispatch(
    sessionStarted({
      record: { user: TEST_USER, token, lastActivity: 1, lastRefresh: 1, persistAcrossRestarts: false, clockOffsetMs: 0 },
      source: 'login',
    }),
  );
  store.dispatch(loginFailed({ message: `Nothing is wrong, ${email}`, hint: null }));
  store.dispatch(activityRecorded({ at: 2 }));
  return store;
}

function parse(text: string) {
  const file = JSON.parse(text) as Record<string, unknown>;
  return {
    keys: Object.keys(file).sort(),
    actions: JSON.parse(file.payload as string) as UnknownAction[],
    preloadedState: JSON.parse(file.preloadedState as string) as RootState,
  };
}

describe('diagnostics file', () => {
  it('holds no token, sign-in code or e-mail address anywhere', async () => {
    const store = await storeWithSecrets();
    // The planted secrets really are in the state and the log, so their absence below means something.
    const planted = JSON.stringify([store.getState(), actionLogOf(store)!.entries()]);
    for (const secret of [token, code, csrfState, email]) expect(planted).toContain(secret);

    const text = diagnosticsFileText(buildDiagnosticsFile(actionLogOf(store)!.entries(), store.getState()));
    for (const secret of [token, code, csrfState, email]) expect(text).not.toContain(secret);
    // Nor hidden by the double encoding of the inner JSON strings.
    const { actions, preloadedState } = parse(text);
    for (const secret of [token, code, csrfState, email]) {
      expect(JSON.stringify(actions)).not.toContain(secret);
      expect(JSON.stringify(preloadedState)).not.toContain(secret);
    }
  });

  it('round-trips into a fresh store: the start state loads, and replaying the actions gives the current state', async () => {
    const store = await storeWithSecrets();
    const { keys, actions, preloadedState } = parse(
      diagnosticsFileText(buildDiagnosticsFile(actionLogOf(store)!.entries(), store.getState())),
    );
    expect(keys).toEqual(['payload', 'preloadedState']);
    expect(actions.map((a) => a.type)).toContain(sessionStarted.type);

    const fresh = makeStore({ preloadedState, runSagas: false });
    expect(fresh.getState()).toEqual(preloadedState);
    for (const action of actions) fresh.dispatch(action);
    const { session, login, api } = fresh.getState();
    const expected = redactSecrets(store.getState());
    expect(session).toEqual(expected.session);
    expect(login).toEqual(expected.login);
    expect(api.mutations).toEqual(expected.api.mutations);
  });

  it(`starts from the state before the oldest of the last ${ACTION_LOG_CAPACITY} actions`, async () => {
    const store = await storeWithSecrets();
    for (let at = 10; at < 10 + 2 * ACTION_LOG_CAPACITY; at += 1) store.dispatch(activityRecorded({ at }));
    const { actions, preloadedState } = parse(
      diagnosticsFileText(buildDiagnosticsFile(actionLogOf(store)!.entries(), store.getState())),
    );
    expect(actions).toHaveLength(ACTION_LOG_CAPACITY);
    expect(actions[0]!.payload).toEqual({ at: 10 + ACTION_LOG_CAPACITY });
    expect(preloadedState.session.lastActivity).toBe(10 + ACTION_LOG_CAPACITY - 1);
  });

  it('starts from the current state when no action was recorded', () => {
    const state = { session: { token, status: 'signedIn' } };
    const file = buildDiagnosticsFile([], state);
    expect(JSON.parse(file.payload)).toEqual([]);
    expect(JSON.parse(file.preloadedState)).toEqual({ session: { token: '[redacted]', status: 'signedIn' } });
  });

  it('is named after the product and the time only', () => {
    expect(diagnosticsFileName(new Date('2026-11-23T01:42:08.123Z'))).toBe('courtside-diagnostics-2026-11-23T01-42-08Z.json');
  });
});
