import {
  afterAttempt,
  completedUploadTags,
  delayBeforeAttempt,
  droppedFiles,
  filesToSend,
  incompleteFiles,
  isBusy,
  isUploadSessionOver,
  matchRepicked,
  nextDurationToRead,
  queueIsIdle,
} from './uploadQueuePolicy';
import type { UploadFileItem, UploadStatus } from './uploadTypes';

const item = (id: string, status: UploadStatus, extra: Partial<UploadFileItem> = {}): UploadFileItem => ({
  id,
  name: `${id}.mp4`,
  size: 1000,
  type: 'video/mp4',
  lastModified: 1_700_000_000_000,
  status,
  progress: 0,
  metadata: null,
  clipId: null,
  error: null,
  ...extra,
});

const ALL: UploadFileItem[] = [
  item('p', 'pending'),
  item('m', 'extracting-metadata'),
  item('u', 'uploading'),
  item('c', 'completed'),
  item('f', 'failed'),
];

describe('which files are sent next', () => {
  it('only pending files, in list order, none already queued', () => {
    const files = [item('a', 'pending'), ...ALL, item('b', 'pending')];
    expect(filesToSend(files, new Set())).toEqual(['a', 'p', 'b']);
    expect(filesToSend(files, new Set(['a', 'b']))).toEqual(['p']);
    expect(filesToSend([item('u', 'uploading'), item('f', 'failed')], new Set())).toEqual([]);
  });
});

describe('retry backoff', () => {
  it('waits 0, 1, 3 and 5 s before the four attempts, then none is left', () => {
    expect([0, 1, 2, 3, 4].map(delayBeforeAttempt)).toEqual([0, 1_000, 3_000, 5_000, null]);
  });

  it('a lost connection is tried again after the next wait, and fails the file once the attempts are spent', () => {
    expect(afterAttempt({ kind: 'network' }, 0)).toEqual({ kind: 'retry', afterMs: 1_000 });
    expect(afterAttempt({ kind: 'network' }, 1)).toEqual({ kind: 'retry', afterMs: 3_000 });
    expect(afterAttempt({ kind: 'network' }, 2)).toEqual({ kind: 'retry', afterMs: 5_000 });
    expect(afterAttempt({ kind: 'network' }, 3)).toEqual({
      kind: 'failed',
      error: { code: 'NETWORK_ERROR', message: 'Network error: the connection was lost. Check your connection and press Retry.' },
      eventRejected: false,
    });
  });
});

describe('when a file counts as completed or failed', () => {
  it('a clip id completes it', () => {
    expect(afterAttempt({ kind: 'completed', clipId: 'c-1' }, 0)).toEqual({ kind: 'completed', clipId: 'c-1' });
  });

  it('a refusal fails it at once with its error, never retried', () => {
    const error = { code: 'FILE_TOO_LARGE', message: 'File too large (max 100MB)' };
    expect(afterAttempt({ kind: 'refused', error }, 0)).toEqual({ kind: 'failed', error, eventRejected: false });
  });

  it('a refused event fails it and takes the event out of the selection', () => {
    const error = { code: 'EVENT_MATCHING_FAILED', message: 'x' };
    expect(afterAttempt({ kind: 'refused', error }, 2)).toEqual({ kind: 'failed', error, eventRejected: true });
  });

  it('the end of the session fails it as an authentication failure', () => {
    expect(afterAttempt({ kind: 'sessionEnded' }, 0)).toMatchObject({
      kind: 'failed',
      error: { code: 'AUTHENTICATION_FAILED' },
      eventRejected: false,
    });
  });
});

describe('what is incomplete', () => {
  it('pending, extracting metadata and uploading files', () => {
    expect(incompleteFiles(ALL).map((f) => f.id)).toEqual(['p', 'm', 'u']);
  });

  it('the session is over once none of them is left; failed files do not keep it', () => {
    expect(isUploadSessionOver(ALL)).toBe(false);
    expect(isUploadSessionOver([item('c', 'completed'), item('f', 'failed')])).toBe(true);
    expect(isUploadSessionOver([])).toBe(true);
    expect(isUploadSessionOver([item('p', 'pending')])).toBe(false);
  });

  it('busy (leave warning, wake lock) only while a file is read or sent, not while it waits', () => {
    expect(isBusy([item('p', 'pending'), item('c', 'completed')])).toBe(false);
    expect(isBusy([item('m', 'extracting-metadata')])).toBe(true);
    expect(isBusy([item('u', 'uploading')])).toBe(true);
  });

  it('idle (completed copies may go) when nothing is sent and nothing queued waits to be', () => {
    const queued = new Set(['q']);
    expect(queueIsIdle([item('c', 'completed'), item('f', 'failed'), item('p', 'pending')], queued)).toBe(true);
    expect(queueIsIdle([item('c', 'completed'), item('q', 'pending')], queued)).toBe(false);
    expect(queueIsIdle([item('u', 'uploading')], new Set())).toBe(false);
    expect(queueIsIdle([item('m', 'extracting-metadata')], new Set())).toBe(false);
    expect(queueIsIdle([item('q', 'completed')], queued)).toBe(true);
    expect(queueIsIdle([], queued)).toBe(true);
  });
});

describe('files the list no longer shows', () => {
  it('are those the page holds that are not listed', () => {
    expect(droppedFiles(['p', 'gone-1', 'u', 'gone-2'], ALL)).toEqual(['gone-1', 'gone-2']);
    expect(droppedFiles([], ALL)).toEqual([]);
  });
});

describe('re-picked files take the place of waiting ones', () => {
  const waiting = [item('w1', 'pending'), item('w2', 'pending', { name: 'b.mp4', size: 5 })];
  const picked = (id: string, name: string, size = 1000, lastModified = 1_700_000_000_000) => ({
    id,
    name,
    size,
    type: 'video/mp4',
    lastModified,
  });

  it('matched by name, size and last-modified time', () => {
    expect(matchRepicked(waiting, [picked('p1', 'b.mp4', 5), picked('p2', 'w1.mp4')])).toEqual([
      { waitingId: 'w2', pickedId: 'p1' },
      { waitingId: 'w1', pickedId: 'p2' },
    ]);
  });

  it('a different size or date is another file', () => {
    expect(matchRepicked(waiting, [picked('p1', 'b.mp4', 6), picked('p2', 'w1.mp4', 1000, 1)])).toEqual([]);
  });

  it('each waiting file is taken once, by the first twin', () => {
    expect(matchRepicked(waiting, [picked('p1', 'w1.mp4'), picked('p2', 'w1.mp4')])).toEqual([
      { waitingId: 'w1', pickedId: 'p1' },
    ]);
  });
});

describe('what a completed upload invalidates', () => {
  it("the clip list, the event's clips and the event (its clip count)", () => {
    expect(completedUploadTags('ev-1')).toEqual([
      { type: 'Clip', id: 'LIST' },
      { type: 'EventClips', id: 'ev-1' },
      { type: 'Event', id: 'ev-1' },
    ]);
  });

  it('without an event: the clip list and the unassociated clips', () => {
    expect(completedUploadTags(null)).toEqual([
      { type: 'Clip', id: 'LIST' },
      { type: 'EventClips', id: 'UNASSOCIATED' },
    ]);
  });
});

describe('which duration is read ahead', () => {
  const held = () => true;

  it('the first waiting file, in the list order, whose duration is not read yet', () => {
    const files = [
      item('a', 'uploading'),
      item('b', 'pending', { metadata: { duration: 3 } }),
      item('c', 'pending'),
      item('d', 'pending'),
    ];
    expect(nextDurationToRead(files, held)).toBe('c');
  });

  it('a read that found no duration counts as read', () => {
    expect(nextDurationToRead([item('a', 'pending', { metadata: { duration: null } })], held)).toBeNull();
  });

  it('never a file on its way, settled, or whose contents this page no longer holds', () => {
    expect(
      nextDurationToRead(
        ALL.filter((f) => f.status !== 'pending'),
        held,
      ),
    ).toBeNull();
    expect(nextDurationToRead([item('gone', 'pending'), item('here', 'pending')], (id) => id === 'here')).toBe('here');
  });
});
