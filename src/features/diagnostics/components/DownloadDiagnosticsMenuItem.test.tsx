import Menu from '@mui/material/Menu';
import { screen } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import { captureDownloads } from '../../../test/captureDownloads';
import { DownloadDiagnosticsMenuItem } from './DownloadDiagnosticsMenuItem';

describe('DownloadDiagnosticsMenuItem', () => {
  it('saves the file, then calls onDone', async () => {
    const saved = captureDownloads();
    const onDone = jest.fn(() => expect(saved).toHaveLength(1));
    const anchor = document.createElement('button');
    document.body.append(anchor);
    const { user } = renderWithProviders(
      <Menu open anchorEl={anchor}>
        <DownloadDiagnosticsMenuItem onDone={onDone} />
      </Menu>,
      { preloadedState: signedInState() },
    );

    const item = await screen.findByRole('menuitem', { name: 'Download diagnostics' });
    // A wrapped MenuItem is still a menu item to the list: it takes the initial keyboard focus.
    expect(item).toHaveFocus();
    await user.click(item);

    expect(onDone).toHaveBeenCalledTimes(1);
    expect(saved[0]?.name).toMatch(/^courtside-diagnostics-.+\.json$/);
  });
});
