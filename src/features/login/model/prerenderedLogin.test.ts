import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../../app/rootReducer';
import { signedOut } from '../../session/public';
import { canHydrateLoginPage } from './prerenderedLogin';
import { loginCompleting, loginFailed } from './loginSlice';

// The API slice's state is not read here; RootState counts it as there (rootReducer.ts).
const reduce = (state: RootState | undefined, action: UnknownAction) => rootReducer(state, action) as RootState;
const start = reduce(undefined, { type: 'start' });
const signedOutState = reduce(start, signedOut({ reason: 'user_logout' }));
const atLogin = { pathname: '/login', search: '' };

describe('canHydrateLoginPage', () => {
  it('hydrates a signed-out visitor at /login (and while the session is still being looked up)', () => {
    expect(canHydrateLoginPage(signedOutState, atLogin)).toBe(true);
    expect(canHydrateLoginPage(start, atLogin)).toBe(true);
  });

  it('renders afresh anywhere else, and for a sign-in callback or logout marker in the query', () => {
    expect(canHydrateLoginPage(signedOutState, { pathname: '/', search: '' })).toBe(false);
    expect(canHydrateLoginPage(signedOutState, { pathname: '/login', search: '?code=abc&state=x' })).toBe(false);
  });

  it('renders afresh when the first screen differs from the prerendered one', () => {
    const signedIn: RootState = { ...signedOutState, session: { ...signedOutState.session, status: 'signedIn' } };
    expect(canHydrateLoginPage(signedIn, atLogin)).toBe(false);
    expect(canHydrateLoginPage(reduce(start, signedOut({ reason: 'session_expired' })), atLogin)).toBe(false);
    expect(canHydrateLoginPage(reduce(signedOutState, loginCompleting()), atLogin)).toBe(false);
    const failed = reduce(signedOutState, loginFailed({ message: 'No connection', hint: null }));
    expect(canHydrateLoginPage(failed, atLogin)).toBe(false);
  });
});
