/**
 * The edit as the user shapes it (pure): the clips in order with their trims, and the title. The editor's
 * screen holds it with useReducer; the Render body is made from it here.
 */
import { highlightTooLongMessage, MAX_HIGHLIGHT_SECONDS } from '../app/product';
import { clampTrim, defaultTrim, roundTime, tooShortToUse, withIn, withOut, type Trim } from './trim';

export const MAX_TITLE_LENGTH = 100;

export interface EditClip extends Trim {
  clipId: string;
  /** Seconds; null until the preview has read it when the server did not know it. */
  duration: number | null;
  /** The preview could not load the video (so a length the server did not know will never come). */
  loadFailed: boolean;
  /** The tagged moment, seconds from the clip's start (may fall outside it), or null. */
  momentOffset: number | null;
  /**
   * The trim the session came with (chosen by 'Make my highlight'), or null: it replaces the default trim, at the
   * start, or, for a clip whose length the server did not know, once the preview reads it.
   */
  preset: Trim | null;
}

export interface Edit {
  title: string;
  clips: EditClip[];
}

export interface ClipSource {
  id: string;
  duration: number | null;
  moment: { offsetSeconds: number } | null;
  trim?: Trim | null;
}

/** A clip's trim once its length is known: the preset kept inside the clip, else the default. */
function startingTrim(duration: number, momentOffset: number | null, preset: Trim | null): Trim {
  return preset ? clampTrim(preset, duration) : defaultTrim(duration, momentOffset);
}

export function initialEdit(eventName: string, clips: ClipSource[]): Edit {
  return {
    title: defaultTitle(eventName),
    clips: clips.map((c) => {
      const momentOffset = c.moment ? c.moment.offsetSeconds : null;
      const preset = c.trim ? { inSeconds: c.trim.inSeconds, outSeconds: c.trim.outSeconds } : null;
      // Length unknown: the fields show the preset as sent (or nothing) until durationRead fits it to the clip.
      const trim =
        c.duration !== null
          ? startingTrim(c.duration, momentOffset, preset)
          : preset
            ? { inSeconds: roundTime(preset.inSeconds), outSeconds: roundTime(preset.outSeconds) }
            : { inSeconds: 0, outSeconds: 0 };
      return { clipId: c.id, duration: c.duration, loadFailed: false, momentOffset, preset, ...trim };
    }),
  };
}

export function defaultTitle(eventName: string): string {
  return `${eventName} highlights`.slice(0, MAX_TITLE_LENGTH);
}

export type EditAction =
  | { type: 'titleChanged'; title: string }
  | { type: 'inChanged'; clipId: string; seconds: number }
  | { type: 'outChanged'; clipId: string; seconds: number }
  | { type: 'durationRead'; clipId: string; seconds: number }
  | { type: 'loadFailed'; clipId: string }
  | { type: 'moved'; clipId: string; by: -1 | 1 }
  | { type: 'removed'; clipId: string };

/** Moves the item at `index` by one place up (-1) or down (+1); out of range: unchanged. */
export function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

const mapClip = (edit: Edit, clipId: string, f: (c: EditClip) => EditClip): Edit => ({
  ...edit,
  clips: edit.clips.map((c) => (c.clipId === clipId ? f(c) : c)),
});

export function editReducer(edit: Edit, action: EditAction): Edit {
  switch (action.type) {
    case 'titleChanged':
      return { ...edit, title: action.title.slice(0, MAX_TITLE_LENGTH) };
    case 'inChanged':
      return mapClip(edit, action.clipId, (c) => (c.duration === null ? c : { ...c, ...withIn(c, action.seconds, c.duration) }));
    case 'outChanged':
      return mapClip(edit, action.clipId, (c) => (c.duration === null ? c : { ...c, ...withOut(c, action.seconds, c.duration) }));
    case 'durationRead':
      // Only a clip whose length the server did not know takes the preview's; then its preset, kept inside the
      // clip, or its default trim.
      return mapClip(edit, action.clipId, (c) =>
        c.duration !== null || !Number.isFinite(action.seconds) || action.seconds <= 0
          ? c
          : { ...c, duration: action.seconds, ...startingTrim(action.seconds, c.momentOffset, c.preset) },
      );
    case 'loadFailed':
      return mapClip(edit, action.clipId, (c) => (c.loadFailed ? c : { ...c, loadFailed: true }));
    case 'moved':
      return {
        ...edit,
        clips: move(
          edit.clips,
          edit.clips.findIndex((c) => c.clipId === action.clipId),
          action.by,
        ),
      };
    case 'removed':
      // The last clip stays: a highlight has at least one.
      return edit.clips.length <= 1 ? edit : { ...edit, clips: edit.clips.filter((c) => c.clipId !== action.clipId) };
    default:
      return edit;
  }
}

/** Seconds the highlight will last: the sum of the pieces. */
export function totalDuration(clips: readonly Trim[]): number {
  return roundTime(clips.reduce((t, c) => t + Math.max(0, c.outSeconds - c.inSeconds), 0));
}

/**
 * What is wrong with the edit, in words, or null when Render may be sent. A clip that can never be sent is named by
 * its place (as its row's heading, 'Clip n of m'), so the user can Remove it: one shorter than the server takes, or
 * one whose length the server did not know and whose video would not load (its length will never come).
 */
export function editProblem(edit: Edit): string | null {
  if (edit.title.trim() === '') return 'Enter a title for the highlight.';
  if (edit.clips.length === 0) return 'Keep at least one clip.';
  const tooShort = edit.clips.findIndex((c) => c.duration !== null && tooShortToUse(c.duration));
  if (tooShort >= 0) return `Clip ${tooShort + 1} is too short to use (under 0.5 s): remove it.`;
  const unloadable = edit.clips.findIndex((c) => c.duration === null && c.loadFailed);
  if (unloadable >= 0) return `Clip ${unloadable + 1} could not be loaded: remove it to render.`;
  if (edit.clips.some((c) => c.duration === null)) return 'Waiting for the clip lengths to load.';
  const total = totalDuration(edit.clips);
  if (total > MAX_HIGHLIGHT_SECONDS) return highlightTooLongMessage(total);
  return null;
}

export interface RenderBody {
  title: string;
  clips: Array<{ clipId: string; inSeconds: number; outSeconds: number }>;
}

export function renderBody(edit: Edit): RenderBody {
  return {
    title: edit.title.trim(),
    clips: edit.clips.map((c) => {
      const t = c.duration === null ? c : clampTrim(c, c.duration);
      return { clipId: c.clipId, inSeconds: t.inSeconds, outSeconds: t.outSeconds };
    }),
  };
}
