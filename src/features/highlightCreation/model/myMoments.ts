import type { Tag } from '../../../domain/tag';
import {
  MATCH_WINDOW_SECONDS,
  MAX_HIGHLIGHT_CLIPS,
  MIN_PIECE_SECONDS,
  SECONDS_AFTER_MOMENT,
  SECONDS_BEFORE_MOMENT,
} from '../../../app/product';

/**
 * 'Make my highlight': which clips, trimmed where, make a highlight of the caller's tagged moments at one
 * event. Pure: the saga that opens the editor and Highlight creation's 'Select my moments' both decide with it
 * (docs/decisions.md "Make my highlight").
 */

/** A moment outside its clip keeps this much of the clip, at the end nearest the moment. */
const NEAREST_PIECE_SECONDS = SECONDS_BEFORE_MOMENT + SECONDS_AFTER_MOMENT;

export interface MomentTag {
  id: string;
  /** The tagged instant (ISO). */
  timestamp: string;
}

export interface CandidateClip {
  id: string;
  /** When the recording started (ISO). */
  recordedAt: string;
  /** Null when unknown: the clip is then a point in time. */
  durationSeconds: number | null;
  /** The caller's own clip (others' are used only when a moment has none of the caller's). */
  mine: boolean;
}

export interface PieceTrim {
  inSeconds: number;
  outSeconds: number;
}

export interface PlannedClip {
  clipId: string;
  /** The moments this clip shows, in time order. */
  tagIds: string[];
  /** Null when the clip's length is unknown: the editor applies its default once it reads the length. */
  trim: PieceTrim | null;
}

export interface MomentPlan {
  /** In the order they were first chosen: the time order of their first moment. */
  clips: PlannedClip[];
  /** Moments with no usable clip within the window. */
  unmatchedTagIds: string[];
  /** Moments whose clip would have been the 21st. */
  overCapTagIds: string[];
}

interface Interval {
  clip: CandidateClip;
  startMs: number;
  /** Null: the length is unknown (a point). */
  durationMs: number | null;
  endMs: number;
}

/** Milliseconds, to the microsecond: durations come as decimal seconds, and 0.1 s × 1000 is not exactly 100. */
const toMs = (seconds: number) => Math.round(seconds * 1_000_000) / 1000;
const floorHundredth = (seconds: number) => Math.floor(seconds * 100 + 1e-7) / 100;
const ceilHundredth = (seconds: number) => Math.ceil(seconds * 100 - 1e-7) / 100;
const roundHundredth = (seconds: number) => Math.round(seconds * 100) / 100;

function intervalOf(clip: CandidateClip): Interval | null {
  const startMs = Date.parse(clip.recordedAt);
  if (!Number.isFinite(startMs)) return null;
  const known = clip.durationSeconds !== null && Number.isFinite(clip.durationSeconds);
  // The editor cannot render a piece shorter than MIN_PIECE_SECONDS, so such a clip is never a candidate.
  if (known && (clip.durationSeconds as number) < MIN_PIECE_SECONDS) return null;
  const durationMs = known ? toMs(clip.durationSeconds as number) : null;
  return { clip, startMs, durationMs, endMs: startMs + (durationMs ?? 0) };
}

/** How far the moment lies from the recording (0 inside it), in ms. */
const distanceMs = (at: number, clip: Interval) => Math.max(0, clip.startMs - at, at - clip.endMs);

/** How much of the window [moment − 8 s, moment + 4 s] the recording covers, in ms. */
function coverageMs(at: number, clip: Interval): number {
  const from = Math.max(clip.startMs, at - SECONDS_BEFORE_MOMENT * 1000);
  const to = Math.min(clip.endMs, at + SECONDS_AFTER_MOMENT * 1000);
  return Math.max(0, to - from);
}

const byStartThenId = (a: Interval, b: Interval) => a.startMs - b.startMs || compareIds(a.clip.id, b.clip.id);
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The clip for one moment: one that contains it (the one covering more of the moment's window, then the earlier,
 * then by id), else the nearest (then the earlier, then by id). Null when none is within the window.
 */
function chooseClip(at: number, clips: readonly Interval[]): Interval | null {
  const near = clips.filter((clip) => distanceMs(at, clip) <= MATCH_WINDOW_SECONDS * 1000);
  const mine = near.filter((clip) => clip.clip.mine);
  // Cross-user fallback: another user's clip only when none of the caller's is near the moment.
  const pool = mine.length > 0 ? mine : near;
  const containing = pool.filter((clip) => distanceMs(at, clip) === 0);
  if (containing.length > 0) {
    return [...containing].sort((a, b) => coverageMs(at, b) - coverageMs(at, a) || byStartThenId(a, b))[0]!;
  }
  return [...pool].sort((a, b) => distanceMs(at, a) - distanceMs(at, b) || byStartThenId(a, b))[0] ?? null;
}

/**
 * The piece of the clip around one moment, in seconds from the clip's start (not yet rounded): a moment inside the
 * clip gets 8 s before to 4 s after it, inside the clip (never under MIN_PIECE_SECONDS: the clip is at least that
 * long and holds the moment); a moment outside it gets the 12 s of the clip nearest it (all of a shorter clip).
 * Outside is one rule however far: keeping the part of the 8/4 s window that reaches into the clip gave a 0.5 s piece
 * 3.5 s away and a 12 s one 3.6 s away. Null when the clip's length is unknown.
 */
function momentWindow(at: number, clip: Interval): PieceTrim | null {
  if (clip.durationMs === null) return null;
  const duration = clip.durationMs / 1000;
  const moment = (at - clip.startMs) / 1000;
  if (moment < 0) return { inSeconds: 0, outSeconds: Math.min(duration, NEAREST_PIECE_SECONDS) };
  if (moment > duration) return { inSeconds: Math.max(0, duration - NEAREST_PIECE_SECONDS), outSeconds: duration };
  return {
    inSeconds: Math.max(0, moment - SECONDS_BEFORE_MOMENT),
    outSeconds: Math.min(duration, moment + SECONDS_AFTER_MOMENT),
  };
}

/**
 * To hundredths (what the editor shows and the server takes), outward so the piece never shrinks below
 * MIN_PIECE_SECONDS, and never past the clip's length to the hundredth (the server allows 0.05 s over it).
 */
function roundedTrim(trim: PieceTrim, durationMs: number): PieceTrim {
  const length = roundHundredth(durationMs / 1000);
  const outSeconds = Math.min(ceilHundredth(trim.outSeconds), length);
  let inSeconds = Math.max(0, floorHundredth(trim.inSeconds));
  if (outSeconds - inSeconds < MIN_PIECE_SECONDS) inSeconds = Math.max(0, floorHundredth(outSeconds - MIN_PIECE_SECONDS));
  return { inSeconds, outSeconds };
}

const hull = (a: PieceTrim, b: PieceTrim): PieceTrim => ({
  inSeconds: Math.min(a.inSeconds, b.inSeconds),
  outSeconds: Math.max(a.outSeconds, b.outSeconds),
});

/**
 * The caller's moments, in time order, each to its clip (see chooseClip), trimmed around the moment; two moments in
 * one clip share it, its piece covering both; at most MAX_HIGHLIGHT_CLIPS clips (a moment in a clip already chosen
 * still joins it).
 */
export function planMyHighlight(tags: readonly MomentTag[], clips: readonly CandidateClip[]): MomentPlan {
  const intervals = clips.map(intervalOf).filter((clip): clip is Interval => clip !== null);
  const moments = tags
    .map((tag) => ({ tag, at: Date.parse(tag.timestamp) }))
    .sort((a, b) => a.at - b.at || compareIds(a.tag.id, b.tag.id));
  const planned = new Map<string, { clip: Interval; tagIds: string[]; window: PieceTrim | null }>();
  const unmatchedTagIds: string[] = [];
  const overCapTagIds: string[] = [];

  for (const { tag, at } of moments) {
    const chosen = Number.isFinite(at) ? chooseClip(at, intervals) : null;
    if (!chosen) {
      unmatchedTagIds.push(tag.id);
      continue;
    }
    const window = momentWindow(at, chosen);
    const entry = planned.get(chosen.clip.id);
    if (entry) {
      entry.tagIds.push(tag.id);
      entry.window = entry.window && window && hull(entry.window, window);
    } else if (planned.size >= MAX_HIGHLIGHT_CLIPS) {
      overCapTagIds.push(tag.id);
    } else {
      planned.set(chosen.clip.id, { clip: chosen, tagIds: [tag.id], window });
    }
  }

  return {
    clips: [...planned.values()].map(({ clip, tagIds, window }) => ({
      clipId: clip.clip.id,
      tagIds,
      trim: window && clip.durationMs !== null ? roundedTrim(window, clip.durationMs) : null,
    })),
    unmatchedTagIds,
    overCapTagIds,
  };
}

/** A moment a plan left out, with its instant (ISO) to show. */
export interface LeftOutMoment {
  tagId: string;
  timestamp: string;
}

/** The moments a plan left out, each list in time order. */
export interface LeftOutMoments {
  /** No usable clip within MATCH_WINDOW_SECONDS of the moment. */
  noClip: LeftOutMoment[];
  /** Their clip would have been past MAX_HIGHLIGHT_CLIPS. */
  overCap: LeftOutMoment[];
}

/** Which of `tags` the plan left out, and why (its unmatched and over-the-cap moments), with their times. */
export function leftOutMoments(
  tags: readonly MomentTag[],
  plan: Pick<MomentPlan, 'unmatchedTagIds' | 'overCapTagIds'>,
): LeftOutMoments {
  const timestamps = new Map(tags.map((tag) => [tag.id, tag.timestamp]));
  const withTime = (ids: readonly string[]) => ids.map((tagId) => ({ tagId, timestamp: timestamps.get(tagId) ?? '' }));
  return { noClip: withTime(plan.unmatchedTagIds), overCap: withTime(plan.overCapTagIds) };
}

export const leftOutCount = (leftOut: LeftOutMoments): number => leftOut.noClip.length + leftOut.overCap.length;

/**
 * The highlight screens' data as the plan takes it: GET /tags/event/{id} sends each of the caller's tags with every
 * user's matching clips (docs/api.md "Tags"); `myClipIds` says which of them are the caller's.
 */
export function momentCandidates(
  tags: readonly Tag[],
  myClipIds: ReadonlySet<string>,
): { tags: MomentTag[]; clips: CandidateClip[] } {
  const clips = new Map<string, CandidateClip>();
  for (const tag of tags) {
    for (const clip of tag.clips) {
      if (clips.has(clip.id)) continue;
      clips.set(clip.id, {
        id: clip.id,
        recordedAt: clip.recordedAt,
        durationSeconds: clip.durationSeconds,
        mine: myClipIds.has(clip.id),
      });
    }
  }
  return { tags: tags.map(({ id, timestamp }) => ({ id, timestamp })), clips: [...clips.values()] };
}
