import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import configureMockStore from 'redux-mock-store';
import { theme } from '../../../app/theme';
import { initialSessionState } from '../../session/public';
import LoginScreen from './LoginScreen';

/** The login screen's contract is the actions it dispatches: a mock store records them. */
const mockStore = configureMockStore([]);

function renderLogin(
  login: object = { phase: 'idle', error: null },
  session: object = { ...initialSessionState, status: 'signedOut' },
  url = '/login',
) {
  const store = mockStore({ login, session });
  render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[url]}>
          <LoginScreen />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return store;
}

describe('LoginScreen', () => {
  it('shows the welcome with the product name, the hint and Sign in', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome to Courtside' })).toBeInTheDocument();
    expect(screen.getByText('Sign in with your Google or Apple account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('reports the page with its query string, then starts sign-in with the remember-me choice', async () => {
    const store = renderLogin(undefined, undefined, '/login?code=abc&state=s1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getActions()).toEqual([
      { type: 'login/loginPageOpened', payload: { search: '?code=abc&state=s1' } },
      { type: 'login/loginStarted', payload: { keepSignedIn: true } },
    ]);
  });

  it.each([
    ['redirecting', 'Redirecting...'],
    ['completing', 'Completing sign-in...'],
    ['recovering', 'Recovering your session...'],
  ])('shows %s as %s', (phase, text) => {
    renderLogin({ phase, error: null });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('shows the error with its hint in a dismissible box', async () => {
    const store = renderLogin({
      phase: 'idle',
      error: {
        message: 'Authorization code has expired',
        hint: 'This can happen if you take too long to complete the login process. Please try again.',
      },
    });
    expect(screen.getByText('Authorization code has expired')).toBeInTheDocument();
    expect(screen.getByText(/take too long/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getActions()).toContainEqual({ type: 'login/loginErrorDismissed', payload: undefined });
  });

  it("explains revoked permissions under 'Access denied' (docs/product/part-1.md §8)", () => {
    renderLogin(undefined, { ...initialSessionState, status: 'signedOut', logoutReason: 'permission_revoked' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Access denied')).toBeInTheDocument();
    expect(within(alert).getByText('Your access permissions have been revoked')).toBeInTheDocument();
  });

  it('explains another forced sign-out with its message alone', () => {
    renderLogin(undefined, { ...initialSessionState, status: 'signedOut', logoutReason: 'account_deleted' });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Your account no longer exists$/);
  });
});
