import { MIN_PIECE_SECONDS } from '../app/product';
import { clampTrim, defaultTrim, momentPlacement, tooShortToUse, withIn, withOut } from './trim';

describe('defaultTrim', () => {
  it('takes 8 s before and 4 s after a moment inside the clip', () => {
    expect(defaultTrim(30, 12)).toEqual({ inSeconds: 4, outSeconds: 16 });
  });

  it('stays inside the clip near its start and its end', () => {
    expect(defaultTrim(30, 3)).toEqual({ inSeconds: 0, outSeconds: 7 });
    expect(defaultTrim(30, 28.5)).toEqual({ inSeconds: 20.5, outSeconds: 30 });
    expect(defaultTrim(5, 2)).toEqual({ inSeconds: 0, outSeconds: 5 });
  });

  it('keeps the whole clip when the moment is outside it or there is none', () => {
    expect(defaultTrim(30, -2)).toEqual({ inSeconds: 0, outSeconds: 30 });
    expect(defaultTrim(30, 31)).toEqual({ inSeconds: 0, outSeconds: 30 });
    expect(defaultTrim(30, null)).toEqual({ inSeconds: 0, outSeconds: 30 });
    expect(defaultTrim(12.345, null)).toEqual({ inSeconds: 0, outSeconds: 12.35 });
  });

  it('counts a moment exactly at either end as inside', () => {
    expect(defaultTrim(30, 0)).toEqual({ inSeconds: 0, outSeconds: 4 });
    expect(defaultTrim(30, 30)).toEqual({ inSeconds: 22, outSeconds: 30 });
  });

  it('keeps at least the minimum length when the moment sits at the very end of a short clip', () => {
    const trim = defaultTrim(0.4, 0.4);
    expect(trim).toEqual({ inSeconds: 0, outSeconds: 0.4 });
  });
});

describe('clampTrim / withIn / withOut', () => {
  it('keeps both points inside the clip', () => {
    expect(clampTrim({ inSeconds: -3, outSeconds: 99 }, 20)).toEqual({ inSeconds: 0, outSeconds: 20 });
  });

  it('moves the out point when the in point comes too close, and the reverse', () => {
    expect(withIn({ inSeconds: 2, outSeconds: 10 }, 9.8, 20)).toEqual({ inSeconds: 9.8, outSeconds: 10.3 });
    expect(withOut({ inSeconds: 2, outSeconds: 10 }, 2.1, 20)).toEqual({ inSeconds: 1.6, outSeconds: 2.1 });
  });

  it('never gives less than the minimum, also at the clip ends', () => {
    expect(withIn({ inSeconds: 0, outSeconds: 20 }, 20, 20)).toEqual({ inSeconds: 20 - MIN_PIECE_SECONDS, outSeconds: 20 });
    expect(withOut({ inSeconds: 0, outSeconds: 20 }, 0, 20)).toEqual({ inSeconds: 0, outSeconds: MIN_PIECE_SECONDS });
  });

  it('treats a number that is not one as the clip end', () => {
    expect(withOut({ inSeconds: 1, outSeconds: 5 }, Number.NaN, 8)).toEqual({ inSeconds: 1, outSeconds: 8 });
  });
});

describe('momentPlacement', () => {
  it('says inside, outside or none', () => {
    expect(momentPlacement(10, 5)).toBe('inside');
    expect(momentPlacement(10, 10.5)).toBe('outside');
    expect(momentPlacement(10, -0.1)).toBe('outside');
    expect(momentPlacement(10, null)).toBe('none');
  });
});

describe('tooShortToUse', () => {
  it('is true under the server’s minimum piece (0.5 s), false from it on', () => {
    expect(tooShortToUse(0.4)).toBe(true);
    expect(tooShortToUse(0.499)).toBe(true);
    expect(tooShortToUse(0)).toBe(true);
    expect(tooShortToUse(MIN_PIECE_SECONDS)).toBe(false);
    expect(tooShortToUse(12)).toBe(false);
  });
});
