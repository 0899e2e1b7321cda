import { screen } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { staySignedInRequested } from '../../session/public';
import { SessionWarningBanner } from './SessionWarningBanner';

function withWarning(remainingMs: number) {
  const { session } = signedInState();
  return { session: { ...session, warning: { remainingMs, cause: 'inactivity' as const } } };
}

describe('SessionWarningBanner', () => {
  it('shows nothing without a warning', () => {
    renderWithProviders(<SessionWarningBanner />, { preloadedState: signedInState() });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the warning text and asks to stay signed in', async () => {
    const { dispatchSpy, user } = renderWithProviders(<SessionWarningBanner />, { preloadedState: withWarning(4 * 60_000) });
    expect(screen.getByRole('alert')).toHaveTextContent('Session expires in 4 minutes');
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(dispatchSpy).toHaveBeenCalledWith(staySignedInRequested());
  });

  it.each([
    [90_000, 'Session expires in 2 minutes', 'MuiAlert-colorError'],
    [4 * 60_000, 'Session expires in 4 minutes', 'MuiAlert-colorWarning'],
    [30_000, 'Session expires in 30 seconds', 'MuiAlert-colorError'],
  ])('maps %i ms to its severity', (remainingMs, text, colorClass) => {
    renderWithProviders(<SessionWarningBanner />, { preloadedState: withWarning(remainingMs) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).toHaveClass(colorClass);
  });
});
