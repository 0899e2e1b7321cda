import { isFiniteNumber, isNonEmptyText, isRecord, readIdText } from './plainReaders';

describe('the session readers’ checks', () => {
  it('read an id as non-empty text, a finite number as its text', () => {
    expect(readIdText('u1')).toBe('u1');
    expect(readIdText(42)).toBe('42');
    expect(readIdText('')).toBeNull();
    expect(readIdText(Number.NaN)).toBeNull();
    expect(readIdText(Number.POSITIVE_INFINITY)).toBeNull();
    expect(readIdText(null)).toBeNull();
  });

  it('tell records, finite numbers and non-empty text apart', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isFiniteNumber(1.5)).toBe(true);
    expect(isFiniteNumber('1')).toBe(false);
    expect(isNonEmptyText('a')).toBe(true);
    expect(isNonEmptyText('')).toBe(false);
  });
});
