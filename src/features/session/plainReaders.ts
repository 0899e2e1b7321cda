/*
 * What the session's readers (authRecord.ts, token.ts) check a value with. Plain functions, not valibot: they run
 * before the first render, and valibot is not part of the start's files (docs/performance.md "Initial JS").
 */

/** An object whose fields can be read. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A finite number: JSON cannot carry NaN or Infinity, but a message between tabs could. */
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Non-empty text. */
export const isNonEmptyText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** An id as text: non-empty text, or a finite number read as its text; null otherwise. */
export function readIdText(value: unknown): string | null {
  const text = isFiniteNumber(value) ? String(value) : value;
  return isNonEmptyText(text) ? text : null;
}
