import { screen } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import type { UploadFileItem, UploadStatus } from '../../uploads/public';
import { initialUploadsState } from '../../uploads/public';
import { BottomBar } from './BottomBar';

function uploadFile(id: number, status: UploadStatus): UploadFileItem {
  return {
    id: `f${id}`,
    name: `clip-${id}.mp4`,
    size: 1_000_000,
    type: 'video/mp4',
    lastModified: 0,
    status,
    progress: status === 'completed' ? 100 : 0,
    metadata: null,
    clipId: status === 'completed' ? `c${id}` : null,
    error: null,
  };
}

function withUploads(files: UploadFileItem[]) {
  return { ...signedInState(), uploads: { ...initialUploadsState, files } };
}

describe('BottomBar', () => {
  it('has Upload, Events, Tags and More', () => {
    renderWithProviders(<BottomBar />, { preloadedState: signedInState() });
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/clips/upload');
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/event/upcoming');
    expect(screen.getByRole('link', { name: 'Tags' })).toHaveAttribute('href', '/tags/add');
    expect(screen.getByRole('button', { name: 'More' })).toBeInTheDocument();
  });

  it("reads '9+' with ten files still on their way", () => {
    const files = [
      ...Array.from({ length: 8 }, (_, i) => uploadFile(i, 'pending')),
      uploadFile(8, 'uploading'),
      uploadFile(9, 'extracting-metadata'),
      uploadFile(10, 'completed'),
      uploadFile(11, 'failed'),
    ];
    renderWithProviders(<BottomBar />, { preloadedState: withUploads(files) });
    expect(screen.getByText('9+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAccessibleDescription('10 files still uploading');
  });

  it('shows the exact count up to nine', () => {
    renderWithProviders(<BottomBar />, { preloadedState: withUploads([uploadFile(1, 'pending'), uploadFile(2, 'uploading')]) });
    expect(screen.getByText('2')).toBeInTheDocument();
  });

  it('shows no badge when nothing is uploading', () => {
    renderWithProviders(<BottomBar />, { preloadedState: withUploads([uploadFile(1, 'completed'), uploadFile(2, 'failed')]) });
    expect(screen.getByRole('link', { name: 'Upload' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/^\d+\+?$/)).not.toBeInTheDocument();
  });

  it('marks the item for the current path', () => {
    renderWithProviders(<BottomBar />, { preloadedState: signedInState(), route: '/event/upcoming' });
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Upload' })).not.toHaveAttribute('aria-current');
  });

  it('opens the menu panel from More', async () => {
    const { store, user } = renderWithProviders(<BottomBar />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(store.getState().shell.mobileMenuOpen).toBe(true);
  });

  it('navigates from its links', async () => {
    const { user, router } = renderWithProviders(<BottomBar />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('link', { name: 'Tags' }));
    expect(router.state.location.pathname).toBe('/tags/add');
    expect(screen.getByRole('link', { name: 'Tags' })).toHaveAttribute('aria-current', 'page');
  });
});
