import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { renderWithProviders, signedInState, TEST_USER_EMAIL } from '../../../test/renderWithProviders';
import { captureDownloads } from '../../../test/captureDownloads';
import { activityRecorded } from '../../session/public';
import { BasicErrorFallback } from './BasicErrorFallback';
import ErrorFallback, { type ErrorFallbackProps } from './ErrorFallback';

const props: ErrorFallbackProps = {
  onTryAgain: jest.fn(),
  onRefresh: jest.fn(),
  onGoHome: jest.fn(),
  reportHref: 'mailto:help@example.com',
};

const fallbacks: Array<[string, ComponentType<ErrorFallbackProps>]> = [
  ['full', ErrorFallback],
  ['basic', BasicErrorFallback],
];

describe.each(fallbacks)('the %s error fallback', (_name, Fallback) => {
  it('saves a diagnostics file DevTools can import, without the e-mail address or the token', async () => {
    const saved = captureDownloads();
    const { store, user } = renderWithProviders(<Fallback {...props} />, { preloadedState: signedInState() });
    store.dispatch(activityRecorded({ at: 42 }));

    await user.click(await screen.findByRole('button', { name: 'Download diagnostics' }));

    expect(saved).toHaveLength(1);
    const [{ name, blob }] = saved as [(typeof saved)[number]];
    expect(name).toMatch(/^courtside-diagnostics-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
    const text = await blob.text();
    expect(text).not.toContain(TEST_USER_EMAIL);
    expect(text).not.toContain('x.y.z');
    const file = JSON.parse(text) as { payload: string; preloadedState: string };
    const actions = JSON.parse(file.payload) as Array<{ type: string }>;
    expect(actions.map((a) => a.type)).toContain(activityRecorded.type);
    expect(JSON.parse(file.preloadedState)).toMatchObject({ session: { status: 'signedIn', token: '[redacted]' } });
  });

  it('offers no download where there is no store', async () => {
    render(<Fallback {...props} />);
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download diagnostics' })).not.toBeInTheDocument();
  });

  it('keeps its other actions working', async () => {
    const user = userEvent.setup();
    render(<Fallback {...props} />);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(props.onTryAgain).toHaveBeenCalledTimes(1);
  });
});
