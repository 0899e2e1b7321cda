import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Settings } from 'luxon';
import type { EventSummary } from '../../events/public';
import { UploadSummary, type UploadSummaryCounts } from './UploadSummary';

const counts: UploadSummaryCounts = { total: 3, completed: 1, failed: 0, uploading: 1, pending: 1, progress: 40 };

const fenway: EventSummary = {
  id: 'e-2',
  name: 'Red Sox vs Yankees',
  sport: 'Baseball',
  // The night New York falls back: 05:30 UTC is the first 1:30 AM (EDT), 06:30 UTC the second (EST).
  startTime: '2026-11-01T06:30:00.000Z',
  endTime: null,
  timezone: 'America/New_York',
  location: { name: 'Fenway Park', city: 'Boston', state: 'MA', latitude: 42.3467, longitude: -71.0972 },
  distance: null,
};

afterEach(() => {
  Settings.defaultZone = 'system';
});

describe('UploadSummary', () => {
  it("names the event the files go to, its start on the venue's clock with the zone", () => {
    Settings.defaultZone = 'America/Chicago';
    render(<UploadSummary summary={counts} event={fenway} onClearAll={jest.fn()} />);
    const region = screen.getByRole('region', { name: 'Upload Summary' });
    expect(
      within(region).getByText('Event: Red Sox vs Yankees · Nov 1, 2026, 1:30 AM EST · Fenway Park, Boston, MA'),
    ).toBeInTheDocument();
  });

  it('shows no event line when uploading without an event', () => {
    render(<UploadSummary summary={counts} event={null} onClearAll={jest.fn()} />);
    expect(screen.queryByText(/^Event:/)).not.toBeInTheDocument();
  });

  it('shows the counts and progress, and Clear All calls back', async () => {
    const onClearAll = jest.fn();
    render(<UploadSummary summary={counts} onClearAll={onClearAll} />);
    const count = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([count('Total'), count('Completed'), count('In progress'), count('Pending')]).toEqual(['3', '1', '1', '1']);
    expect(screen.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute('aria-valuenow', '40');
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onClearAll).toHaveBeenCalledTimes(1);
  });
});
