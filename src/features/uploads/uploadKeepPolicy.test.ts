import { nextToKeep } from './uploadKeepPolicy';
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
