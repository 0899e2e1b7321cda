import { KEEP_PACE_SAMPLE_MS, KEEP_WORTH_MS } from './uploadConstants';
import { bytesLeft, bytesSent, copyWhileSending, nextToKeep } from './uploadKeepPolicy';
import { isBusy } from './uploadQueuePolicy';
import type { UploadFileItem, UploadStatus } from './uploadTypes';

const item = (id: string, status: UploadStatus): UploadFileItem =>
  ({ id, name: `${id}.mp4`, size: 1, type: 'video/mp4', lastModified: 1, status, progress: 0 }) as UploadFileItem;

describe('nextToKeep', () => {
  it('copies the waiting files first, in the order of the list', () => {
    const files = [item('a', 'uploading'), item('b', 'pending'), item('c', 'pending')];
    expect(nextToKeep(files, ['a', 'b', 'c'])).toBe('b');
    expect(nextToKeep(files, ['a', 'c'])).toBe('c');
  });

  it('then the files on their way, which a reload would still lose', () => {
    const files = [item('a', 'completed'), item('b', 'extracting-metadata'), item('c', 'uploading')];
    expect(nextToKeep(files, ['a', 'b', 'c'])).toBe('b');
    expect(nextToKeep(files, ['a', 'c'])).toBe('c');
  });

  it('never a completed or failed file, one already kept, or one that left the list', () => {
    const files = [item('a', 'completed'), item('b', 'failed'), item('c', 'pending')];
    expect(nextToKeep(files, ['a', 'b', 'gone'])).toBeNull();
    expect(nextToKeep(files, [])).toBeNull();
  });
});

const MB = 1024 * 1024;
const sized = (id: string, status: UploadStatus, size: number, progress = 0): UploadFileItem =>
  ({ ...item(id, status), size, progress }) as UploadFileItem;

describe('what the transfers carried and have left', () => {
  const files = [
    sized('done', 'completed', 10 * MB, 100),
    sized('half', 'uploading', 20 * MB, 50),
    sized('reading', 'extracting-metadata', 5 * MB),
    sized('waiting', 'pending', 30 * MB),
    sized('failed', 'failed', 40 * MB, 30),
  ];

  it('counts completed files whole and the sent share of those under way; failed files not at all', () => {
    expect(bytesSent(files)).toBe(20 * MB);
    expect(bytesLeft(files)).toBe(45 * MB);
    expect(isBusy(files)).toBe(true);
    expect(isBusy([files[0]!, files[3]!])).toBe(false);
  });
});

describe('copyWhileSending', () => {
  const queue = (left: number) => [sized('a', 'uploading', left, 0), sized('b', 'pending', 0)];

  it('copies while nothing is sent: nothing competes with the copy', () => {
    expect(copyWhileSending([sized('a', 'pending', 50 * MB)], { sentBytes: 0, elapsedMs: 0 })).toBe('copy');
  });

  it('holds until the pace has been measured long enough', () => {
    expect(copyWhileSending(queue(500 * MB), { sentBytes: 1 * MB, elapsedMs: KEEP_PACE_SAMPLE_MS - 1 })).toBe('hold');
  });

  it('copies when the rest of the queue takes longer than KEEP_WORTH_MS at the pace so far (a slow uplink)', () => {
    // 1 MB/s with 100 MB left: 100 s.
    expect(copyWhileSending(queue(100 * MB), { sentBytes: 2 * MB, elapsedMs: 2_000 })).toBe('copy');
  });

  it('holds when the queue ends sooner: a copy would only slow it down (a fast link)', () => {
    // 100 MB/s with 500 MB left: 5 s.
    expect(copyWhileSending(queue(500 * MB), { sentBytes: 100 * MB, elapsedMs: 1_000 })).toBe('hold');
    const justUnder = (KEEP_WORTH_MS / 1_000) * MB;
    expect(copyWhileSending(queue(justUnder), { sentBytes: 1 * MB, elapsedMs: 1_000 })).toBe('hold');
    expect(copyWhileSending(queue(justUnder + MB), { sentBytes: 1 * MB, elapsedMs: 1_000 })).toBe('copy');
  });

  it('copies when nothing moves (offline, stalled): a reload is then most likely', () => {
    expect(copyWhileSending(queue(10 * MB), { sentBytes: 0, elapsedMs: 5_000 })).toBe('copy');
  });
});
