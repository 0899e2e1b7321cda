import { screen, within } from '@testing-library/react';
import { Settings } from 'luxon';
import { renderWithProviders, signedInState } from '../../../test/renderWithProviders';
import type { EventSummary } from '../../events/public';
import { getFile } from '../model/fileRegistry';
import UploadClipsScreen from './UploadClipsScreen';
import {
  allCleared,
  eventErrorDismissed,
  fileRemoved,
  fileRetryRequested,
  filesPicked,
  initialUploadsState,
  resumeAccepted,
  resumeDismissed,
  selectionErrorDismissed,
  startFreshChosen,
  uploadCancelRequested,
  uploadEventSelected,
  uploadRequested,
  type ResumeOffer,
  type UploadsState,
} from '../model/uploadsSlice';
import type { UploadFileItem, UploadStatus } from '../model/uploadTypes';

const MB = 1024 * 1024;

function item(id: string, status: UploadStatus, extra: Partial<UploadFileItem> = {}): UploadFileItem {
  return {
    id,
    name: `${id}.mp4`,
    size: 10 * MB,
    type: 'video/mp4',
    lastModified: 1,
    status,
    progress: status === 'completed' ? 100 : 0,
    metadata: null,
    clipId: status === 'completed' ? `clip-${id}` : null,
    error: null,
    ...extra,
  };
}

const cubs: EventSummary = {
  id: 'e-1',
  name: 'Cubs vs Cardinals',
  sport: 'Baseball',
  startTime: '2026-05-01T18:00:00.000Z',
  endTime: null,
  timezone: 'America/Chicago',
  location: { name: 'Wrigley Field', city: 'Chicago', state: 'IL', latitude: 41.9484, longitude: -87.6553 },
  distance: null,
};

function renderScreen(uploads: Partial<UploadsState> = {}) {
  return renderWithProviders(<UploadClipsScreen />, {
    preloadedState: { ...signedInState(), uploads: { ...initialUploadsState, ...uploads } },
    route: '/clips/upload',
  });
}

function row(name: string) {
  return screen.getByRole('listitem', { name });
}

beforeEach(() => localStorage.clear());

describe('UploadClipsScreen', () => {
  it('has the two steps and an empty event choice', () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Upload Clips', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Select Event/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Select Video Files/ })).toBeInTheDocument();
    expect(screen.getByText('No event selected')).toBeInTheDocument();
    expect(screen.getByLabelText('Select video files')).toHaveAttribute('accept', '.mp4,.mov,.m4v,.mts,.mxf,video/*');
    expect(screen.getByLabelText('Select video files')).toHaveAttribute('multiple');
    expect(screen.queryByRole('button', { name: 'Upload Files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upload Summary' })).not.toBeInTheDocument();
  });

  it('shows the selected event', () => {
    renderScreen({ selectedEvent: cubs });
    expect(screen.getByText('Cubs vs Cardinals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it("names the selected event in the summary, on the venue's clock", () => {
    Settings.defaultZone = 'Asia/Tokyo'; // the device
    try {
      const fenway = { ...cubs, name: 'Red Sox vs Yankees', timezone: 'America/New_York' };
      renderScreen({ selectedEvent: fenway, files: [item('p', 'pending')] });
      const summary = screen.getByRole('region', { name: 'Upload Summary' });
      // 18:00 UTC is 2 PM in Boston (3 AM the next day in Tokyo).
      expect(within(summary).getByText(/^Event: Red Sox vs Yankees · May 1, 2026, 2:00 PM EDT · /)).toBeInTheDocument();
    } finally {
      Settings.defaultZone = 'system';
    }
  });

  it('"No event" dispatches an empty selection', async () => {
    const { user, dispatchSpy } = renderScreen({ selectedEvent: cubs });
    await user.click(screen.getByRole('button', { name: 'No event' }));
    expect(dispatchSpy).toHaveBeenCalledWith(uploadEventSelected(null));
  });

  it('registers picked files and hands their descriptions to the queue', async () => {
    const { user, dispatchSpy } = renderScreen();
    const a = new File(['aaa'], 'a.mp4', { type: 'video/mp4', lastModified: 5 });
    const b = new File(['bbbb'], 'b.mov', { type: 'video/quicktime', lastModified: 6 });
    await user.upload(screen.getByLabelText('Select video files'), [a, b]);
    const picked = dispatchSpy.mock.calls.map(([action]) => action).find(filesPicked.match);
    expect(picked?.payload).toEqual([
      { id: expect.any(String), name: 'a.mp4', size: 3, type: 'video/mp4', lastModified: 5 },
      { id: expect.any(String), name: 'b.mov', size: 4, type: 'video/quicktime', lastModified: 6 },
    ]);
    expect(getFile(picked!.payload[0]!.id)).toBe(a);
    expect(getFile(picked!.payload[1]!.id)).toBe(b);
  });

  it('shows the refused selection in a dismissible error, one line per file', async () => {
    const message = 'notes.txt: Unsupported file type\nhuge.mp4: File too large (max 100MB)';
    const { user, dispatchSpy } = renderScreen({ selectionError: message });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('notes.txt: Unsupported file type');
    expect(alert).toHaveTextContent('huge.mp4: File too large (max 100MB)');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(dispatchSpy).toHaveBeenCalledWith(selectionErrorDismissed());
  });

  it('shows the event problem as a dismissible warning', async () => {
    const text = 'Problem uploading with this event. Please choose a different event or upload without an event.';
    const { user, dispatchSpy } = renderScreen({ eventError: text });
    const alert = screen.getByText(text).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveClass('MuiAlert-colorWarning');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(dispatchSpy).toHaveBeenCalledWith(eventErrorDismissed());
  });

  it('lists each file with size, status, progress and duration', () => {
    renderScreen({
      files: [
        item('p', 'pending'),
        item('x', 'extracting-metadata'),
        item('u', 'uploading', { progress: 42, metadata: { duration: 75 } }),
        item('c', 'completed', { metadata: { duration: 2 } }),
        item('f', 'failed', { progress: 10, error: { code: 'SERVER_ERROR', message: 'Upload failed: 500' } }),
      ],
    });
    expect(within(row('p.mp4')).getByText('Pending')).toBeInTheDocument();
    expect(within(row('p.mp4')).getByText('10.0 MB')).toBeInTheDocument();
    expect(within(row('x.mp4')).getByText('Extracting metadata')).toBeInTheDocument();
    expect(within(row('u.mp4')).getByText('Uploading')).toBeInTheDocument();
    expect(within(row('u.mp4')).getByText('42%')).toBeInTheDocument();
    expect(within(row('u.mp4')).getByRole('progressbar', { name: 'Upload progress of u.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(within(row('u.mp4')).getByText('1:15')).toBeInTheDocument();
    expect(within(row('c.mp4')).getByText('Completed')).toBeInTheDocument();
    expect(within(row('c.mp4')).getByText('0:02')).toBeInTheDocument();
    expect(within(row('f.mp4')).getByText('Failed')).toBeInTheDocument();
    expect(within(row('f.mp4')).getByText('Upload failed: 500')).toBeInTheDocument();
  });

  it('cannot remove a file while it uploads; can cancel it instead', async () => {
    const { user, dispatchSpy } = renderScreen({ files: [item('u', 'uploading'), item('p', 'pending')] });
    expect(screen.getByRole('button', { name: 'Remove u.mp4' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel upload of u.mp4' }));
    expect(dispatchSpy).toHaveBeenCalledWith(uploadCancelRequested('u'));
    expect(screen.queryByRole('button', { name: 'Cancel upload of p.mp4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove p.mp4' }));
    expect(dispatchSpy).toHaveBeenCalledWith(fileRemoved('p'));
    expect(screen.queryByRole('listitem', { name: 'p.mp4' })).not.toBeInTheDocument();
  });

  it('Retry on a failed file puts it back in the queue', async () => {
    const { user, dispatchSpy } = renderScreen({
      files: [item('f', 'failed', { error: { code: 'NETWORK_ERROR', message: 'Network error' } })],
    });
    await user.click(within(row('f.mp4')).getByRole('button', { name: /Retry/ }));
    expect(dispatchSpy).toHaveBeenCalledWith(fileRetryRequested('f'));
    expect(within(row('f.mp4')).getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Files' })).toBeInTheDocument();
  });

  it('shows Upload Files only while pending files exist', async () => {
    const { user, dispatchSpy } = renderScreen({ files: [item('p', 'pending'), item('c', 'completed')] });
    await user.click(screen.getByRole('button', { name: 'Upload Files' }));
    expect(dispatchSpy).toHaveBeenCalledWith(uploadRequested());
  });

  it.each<[string, UploadStatus[]]>([
    ['only finished files', ['completed', 'failed']],
    ['files on their way but none pending', ['uploading', 'extracting-metadata']],
  ])('hides Upload Files with %s', (_what, statuses) => {
    renderScreen({ files: statuses.map((s, i) => item(`f${i}`, s)) });
    expect(screen.queryByRole('button', { name: 'Upload Files' })).not.toBeInTheDocument();
  });

  it('sums up the files: total, completed, failed, in progress, pending and overall progress', () => {
    renderScreen({
      files: [
        item('c1', 'completed'),
        item('c2', 'completed'),
        item('f', 'failed'),
        item('u', 'uploading', { progress: 50 }),
        item('x', 'extracting-metadata'),
        item('p', 'pending'),
      ],
    });
    const summary = screen.getByRole('region', { name: 'Upload Summary' });
    const count = (label: string) => within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(count('Total')).toBe('6');
    expect(count('Completed')).toBe('2');
    expect(count('Failed')).toBe('1');
    expect(count('In progress')).toBe('2');
    expect(count('Pending')).toBe('1');
    // (100 + 100 + 0 + 50 + 0 + 0) / 6 of equal sizes = 41.67 → 42
    expect(within(summary).getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(summary).getByText('42%')).toBeInTheDocument();
  });

  it('Clear All dispatches allCleared and keeps only uploading files', async () => {
    const { user, dispatchSpy } = renderScreen({ files: [item('c', 'completed'), item('u', 'uploading'), item('p', 'pending')] });
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(dispatchSpy).toHaveBeenCalledWith(allCleared());
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['u.mp4']);
  });

  it('lists the files still to be picked again after resuming without kept files', () => {
    renderScreen({ files: [item('a', 'pending'), item('b', 'pending'), item('c', 'completed')], awaitingRepick: ['a', 'b'] });
    const needed = screen.getByRole('list', { name: 'Files still needed' });
    expect(
      within(needed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.mp4', 'b.mp4']);
    expect(screen.getByText(/To resume, select these files again/)).toBeInTheDocument();
  });
});

describe('Resume Upload? dialog', () => {
  const offer = (filesKept: boolean): ResumeOffer => ({
    sessionId: 's-1',
    selectedEvent: cubs,
    filesKept,
    files: [item('a', 'uploading', { progress: 30 }), item('b', 'pending')],
  });

  it('is closed without an offer', () => {
    renderScreen();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the incomplete files', () => {
    renderScreen({ resumeOffer: offer(true) });
    const dialog = screen.getByRole('dialog', { name: 'Resume Upload?' });
    const list = within(dialog).getByRole('list', { name: 'Incomplete files' });
    expect(within(list).getByText('a.mp4')).toBeInTheDocument();
    expect(within(list).getByText('b.mp4')).toBeInTheDocument();
    expect(within(dialog).getByText(/Cubs vs Cardinals/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/select the same files again/)).not.toBeInTheDocument();
  });

  it('asks to pick the files again when the browser did not keep them', () => {
    renderScreen({ resumeOffer: offer(false) });
    expect(within(screen.getByRole('dialog')).getByText(/select the same files again/)).toBeInTheDocument();
  });

  it.each([
    ['Resume Upload', resumeAccepted()],
    ['Start Fresh', startFreshChosen()],
    ['Cancel', resumeDismissed()],
  ])('%s dispatches its action', async (name, action) => {
    const { user, dispatchSpy } = renderScreen({ resumeOffer: offer(true) });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name }));
    expect(dispatchSpy).toHaveBeenCalledWith(action);
  });
});
