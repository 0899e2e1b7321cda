import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/renderWithProviders';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('shows the title as the page heading, with a subtitle and actions', () => {
    renderWithProviders(<PageHeader title="My Clips" subtitle="12 clips" actions={<Button>Upload</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Clips' })).toBeInTheDocument();
    expect(screen.getByText('12 clips')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('has a back link that navigates', async () => {
    const { user, router } = renderWithProviders(
      <PageHeader title="Event tags" back={{ to: '/tags/by-event', label: 'Back to events' }} />,
      { route: '/tags/by-event/e-1' },
    );
    const back = screen.getByRole('link', { name: 'Back to events' });
    expect(back).toHaveAttribute('href', '/tags/by-event');
    await user.click(back);
    expect(router.state.location.pathname).toBe('/tags/by-event');
  });
});
