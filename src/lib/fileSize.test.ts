import { formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [2048, '2.0 KB'],
    [5 * 1024 * 1024 + 200_000, '5.2 MB'],
    [100 * 1024 * 1024, '100.0 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [2 * 1024 ** 4, '2.0 TB'],
  ])('%d bytes → %s', (bytes, text) => expect(formatFileSize(bytes, 'en-US')).toBe(text));

  it('never shows 1024.0 of a unit: just under 1 MB is 1.0 MB', () => {
    expect(formatFileSize(1024 * 1024 - 10, 'en-US')).toBe('1.0 MB');
  });

  it('uses the decimal sign of the locale', () => {
    expect(formatFileSize(5 * 1024 * 1024 + 200_000, 'de-DE')).toBe('5,2 MB');
  });

  it('shows a negative or unknown size as 0 B', () => {
    expect(formatFileSize(-1, 'en-US')).toBe('0 B');
    expect(formatFileSize(Number.NaN, 'en-US')).toBe('0 B');
  });
});
