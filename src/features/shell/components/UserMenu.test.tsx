import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { renderWithProviders, signedInState, TEST_USER_EMAIL } from '../../../test/renderWithProviders';
import { captureDownloads } from '../../../test/captureDownloads';
import { logoutRequested } from '../../session/public';
import { UserMenu } from './UserMenu';

const ADMIN_ENTRIES = ['Upgrade to Pro', 'Account', 'Billing', 'Notifications'];

describe('UserMenu', () => {
  it('shows the initial on the button and the name and e-mail in the menu', async () => {
    const { user } = renderWithProviders(<UserMenu />, { preloadedState: signedInState() });
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button).toHaveTextContent('C');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('coach.kim')).toBeInTheDocument();
    expect(within(menu).getByText(TEST_USER_EMAIL)).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('asks for the logout when Log out is chosen', async () => {
    const { dispatchSpy, user } = renderWithProviders(<UserMenu />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(dispatchSpy).toHaveBeenCalledWith(logoutRequested({ reason: 'user_logout' }));
    expect(dispatchSpy).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('saves the diagnostics file from the menu, then closes it', async () => {
    const saved = captureDownloads();
    const { user } = renderWithProviders(<UserMenu />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download diagnostics' }));
    expect(saved).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('has no ADMIN entries for other users', async () => {
    const { user } = renderWithProviders(<UserMenu />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Download diagnostics', 'Log out']);
  });

  it('lists the ADMIN entries for ADMIN, each saying plainly it is not available yet', async () => {
    const { user } = renderWithProviders(<UserMenu />, { preloadedState: signedInState({ admin: true }) });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      ...ADMIN_ENTRIES,
      'Download diagnostics',
      'Log out',
    ]);

    await user.click(screen.getByRole('menuitem', { name: 'Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing' });
    expect(dialog).toHaveTextContent('Billing is not available yet.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitForElementToBeRemoved(dialog);
  });
});
