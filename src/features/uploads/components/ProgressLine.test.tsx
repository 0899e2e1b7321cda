import { render, screen } from '@testing-library/react';
import { ProgressLine } from './ProgressLine';

describe('ProgressLine', () => {
  it('shows the figure as a progress bar, its fill moved to the figure, and the figure beside it', () => {
    render(<ProgressLine value={30} label="Upload progress of a.mp4" />);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress of a.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar.firstElementChild).toHaveStyle({ transform: 'translateX(-70%)' });
    expect(screen.getByText('30%')).toBeInTheDocument();
  });

  it('keeps the bar within 0–100 whatever figure it is handed', () => {
    const { rerender } = render(<ProgressLine value={140} label="Overall upload progress" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar').firstElementChild).toHaveStyle({ transform: 'translateX(0%)' });
    rerender(<ProgressLine value={-5} label="Overall upload progress" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('progressbar').firstElementChild).toHaveStyle({ transform: 'translateX(-100%)' });
  });

  it('shows a moving bar with no figure on it while there is none yet', () => {
    render(<ProgressLine value={0} indeterminate label="Upload progress of a.mp4" />);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of a.mp4' })).not.toHaveAttribute('aria-valuenow');
  });
});
