import { render, screen } from '@testing-library/react';
import { formatBytes, formatDuration, UploadFileList } from './UploadFileList';
import type { UploadFileItem } from './uploadTypes';

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [2048, '2.0 KB'],
    [5 * 1024 * 1024 + 200_000, '5.2 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
  ])('%d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [2.4, '0:02'],
    [75, '1:15'],
    [600, '10:00'],
    [3725, '1:02:05'],
  ])('%d s → %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

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
});
