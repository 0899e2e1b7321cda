import type * as ChipModule from '@mui/material/Chip';
import type * as ButtonModule from '@mui/material/Button';
import { render, screen } from '@testing-library/react';
import { UploadFileList } from './UploadFileList';
import { UploadSummary, type UploadSummaryCounts } from './UploadSummary';
import type { UploadFileItem } from '../model/uploadTypes';

// Counts the renders of the parts that do not show progress: the row's status chip, the summary's Clear All.
const renders = { chip: 0, button: 0 };
jest.mock('@mui/material/Chip', () => {
  const { default: Chip } = jest.requireActual<typeof ChipModule>('@mui/material/Chip');
  return {
    __esModule: true,
    default: (props: React.ComponentProps<typeof Chip>) => {
      renders.chip += 1;
      return <Chip {...props} />;
    },
  };
});
jest.mock('@mui/material/Button', () => {
  const { default: Button } = jest.requireActual<typeof ButtonModule>('@mui/material/Button');
  return {
    __esModule: true,
    default: (props: React.ComponentProps<typeof Button>) => {
      renders.button += 1;
      return <Button {...props} />;
    },
  };
});

beforeEach(() => {
  renders.chip = 0;
  renders.button = 0;
});

const uploading = (id: string, progress: number): UploadFileItem => ({
  id,
  name: `${id}.mp4`,
  size: 100,
  type: 'video/mp4',
  lastModified: 0,
  status: 'uploading',
  progress,
  metadata: { duration: 12 },
  clipId: null,
  error: null,
});

// A progress update arrives a few times a second per file while the device also sends the files
// (docs/performance.md "Uploads"): it renders the bars and their figures, nothing else.
describe('a progress update', () => {
  const actions = { onRemove: jest.fn(), onRetry: jest.fn(), onCancel: jest.fn() };

  it('renders a row’s bar and figure, not its name, chip and buttons', () => {
    const { rerender } = render(<UploadFileList files={[uploading('a', 10), uploading('b', 20)]} {...actions} />);
    expect(renders.chip).toBe(2);
    rerender(<UploadFileList files={[uploading('a', 30), uploading('b', 40)]} {...actions} />);
    expect(renders.chip).toBe(2);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of a.mp4' })).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('40%')).toBeInTheDocument();

    rerender(<UploadFileList files={[{ ...uploading('a', 100), status: 'completed' }, uploading('b', 40)]} {...actions} />);
    expect(renders.chip).toBe(3); // a new status does render the chip
  });

  it('renders the summary’s bar, not its title, counts and Clear All', () => {
    const counts: UploadSummaryCounts = { total: 2, completed: 0, failed: 0, uploading: 2, pending: 0, progress: 15 };
    const onClearAll = jest.fn();
    const { rerender } = render(<UploadSummary summary={counts} onClearAll={onClearAll} />);
    expect(renders.button).toBe(1);
    rerender(<UploadSummary summary={{ ...counts, progress: 35 }} onClearAll={onClearAll} />);
    expect(renders.button).toBe(1);
    expect(screen.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute('aria-valuenow', '35');

    // A file completing moves two counts; the title and Clear All stay as they are.
    rerender(<UploadSummary summary={{ ...counts, progress: 60, uploading: 1, completed: 1 }} onClearAll={onClearAll} />);
    expect(renders.button).toBe(1);
    expect(screen.getByText('60%')).toBeInTheDocument();
    expect(screen.getByText('Completed').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('In progress').nextElementSibling).toHaveTextContent('1');
  });
});
