import { render, screen } from '@testing-library/react';
import { UploadFileList } from './UploadFileList';
import type { UploadFileItem } from '../model/uploadTypes';

describe('UploadFileList', () => {
  const file: UploadFileItem = {
    id: 'a',
    name: 'a.mp4',
    size: 100,
    type: 'video/mp4',
    lastModified: 0,
    status: 'pending',
    progress: 0,
    metadata: { duration: null },
    clipId: null,
    error: null,
  };
  const actions = { onRemove: jest.fn(), onRetry: jest.fn(), onCancel: jest.fn() };

  it('shows nothing without files', () => {
    const { container } = render(<UploadFileList files={[]} {...actions} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows no duration until it is known', () => {
    render(<UploadFileList files={[file]} {...actions} />);
    expect(screen.queryByLabelText(/^Duration/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove a.mp4' })).toBeEnabled();
  });

  it('shows the size and, once known, the duration in the shared formats', () => {
    const known = { ...file, size: 5 * 1024 * 1024 + 200_000, metadata: { duration: 3725 } };
    render(<UploadFileList files={[known]} {...actions} />);
    expect(screen.getByText('5.2 MB')).toBeInTheDocument();
    expect(screen.getByLabelText('Duration 1:02:05')).toHaveTextContent('1:02:05');
  });
});
