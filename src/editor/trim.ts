import { MIN_PIECE_SECONDS, SECONDS_AFTER_MOMENT, SECONDS_BEFORE_MOMENT } from '../app/product';

/**
 * The editor's trim rules (pure; docs/editor.md). A clip with a tagged moment inside it starts 8 s before the
 * moment and ends 4 s after it, inside the clip; a moment outside the clip, or none, keeps the whole clip.
 * Every piece is at least MIN_PIECE_SECONDS long (the server refuses shorter ones).
 */

export interface Trim {
  inSeconds: number;
  outSeconds: number;
}

/**
 * A clip shorter than MIN_PIECE_SECONDS cannot be used at all: even all of it is shorter than the server takes
 * (out − in ≥ 0.5 s), so the edit names it for removal (edit.ts editProblem) rather than sending a Render the server
 * refuses.
 */
export const tooShortToUse = (duration: number): boolean => duration < MIN_PIECE_SECONDS;

/** Rounded to hundredths: what the inputs show and the server receives. */
export const roundTime = (seconds: number): number => Math.round(seconds * 100) / 100;

/** The default in and out points of a clip `duration` seconds long whose moment (if any) is `offset` s into it. */
export function defaultTrim(duration: number, offset: number | null): Trim {
  const length = Math.max(0, duration);
  if (offset === null || !Number.isFinite(offset) || offset < 0 || offset > length) {
    return { inSeconds: 0, outSeconds: roundTime(length) };
  }
  return clampTrim({ inSeconds: offset - SECONDS_BEFORE_MOMENT, outSeconds: offset + SECONDS_AFTER_MOMENT }, length);
}

/**
 * Keeps a trim inside the clip and at least MIN_PIECE_SECONDS long (a clip shorter than that keeps all of it, and
 * cannot be rendered: tooShortToUse).
 * `anchor` says which point the user just moved: the other one gives way.
 */
export function clampTrim(trim: Trim, duration: number, anchor: 'in' | 'out' = 'in'): Trim {
  const length = Math.max(0, duration);
  if (length <= MIN_PIECE_SECONDS) return { inSeconds: 0, outSeconds: roundTime(length) };
  const finite = (n: number, fallback: number) => (Number.isFinite(n) ? n : fallback);
  let inSeconds = Math.min(Math.max(0, finite(trim.inSeconds, 0)), length);
  let outSeconds = Math.min(Math.max(0, finite(trim.outSeconds, length)), length);
  if (outSeconds - inSeconds < MIN_PIECE_SECONDS) {
    if (anchor === 'in') {
      inSeconds = Math.min(inSeconds, length - MIN_PIECE_SECONDS);
      outSeconds = inSeconds + MIN_PIECE_SECONDS;
    } else {
      outSeconds = Math.max(outSeconds, MIN_PIECE_SECONDS);
      inSeconds = outSeconds - MIN_PIECE_SECONDS;
    }
  }
  return { inSeconds: roundTime(inSeconds), outSeconds: roundTime(outSeconds) };
}

/** Sets the in point (the out point moves when the piece would be too short). */
export function withIn(trim: Trim, inSeconds: number, duration: number): Trim {
  return clampTrim({ ...trim, inSeconds }, duration, 'in');
}

/** Sets the out point (the in point moves when the piece would be too short). */
export function withOut(trim: Trim, outSeconds: number, duration: number): Trim {
  return clampTrim({ ...trim, outSeconds }, duration, 'out');
}

/** Where the moment falls, for the clip's label: inside the clip, outside it, or none. */
export function momentPlacement(duration: number, offset: number | null): 'inside' | 'outside' | 'none' {
  if (offset === null) return 'none';
  return offset >= 0 && offset <= duration ? 'inside' : 'outside';
}
