import { MAX_CLIP_SECONDS } from './ffmpeg';
import { MATCH_WINDOW_SECONDS } from '../../src/app/product';

/**
 * The clip-to-tag matching rule (docs/product/part-2.md §9): a clip matches a tag when its recording interval
 * [start, start + duration] comes within 30 s of the tag's time — a clip that contains the moment matches, and
 * so does one that starts (or ends) up to 30 s away from it. A clip without a (positive) duration is a point.
 *
 * The rule exists twice, written once here: in TypeScript (clipMatchesTag) and as a SQL condition
 * (matchConditionSql) that every listing uses — a clip's `tag` field (lib/clipViews.ts matchedTagSql) and the
 * tags calls (routes/tags.ts). server/test/tag-matching.test.ts checks that both agree at the edges.
 */

/**
 * A clip's length for matching: unknown, negative or non-finite counts as 0 (the clip is a point); at most
 * MAX_CLIP_SECONDS (uploads store no more; a row written otherwise must not break its event's listings).
 */
function matchDurationSeconds(duration: number | null | undefined): number {
  return typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? Math.min(duration, MAX_CLIP_SECONDS) : 0;
}

/** True when a clip recorded from `clipStartMs` for `durationSeconds` matches a tag at `tagMs`. */
export function clipMatchesTag(tagMs: number, clipStartMs: number, durationSeconds: number | null | undefined): boolean {
  const windowMs = MATCH_WINDOW_SECONDS * 1000;
  return tagMs >= clipStartMs - windowMs && tagMs <= clipStartMs + matchDurationSeconds(durationSeconds) * 1000 + windowMs;
}

/**
 * Where the tag falls in the clip, in seconds from the clip's start (tag time − clip start), to 3 decimals:
 * negative when the clip starts after the tag, beyond the duration when it ended before.
 */
export function offsetSeconds(tagMs: number, clipStartMs: number): number {
  const rounded = Math.round(tagMs - clipStartMs) / 1000;
  return rounded === 0 ? 0 : rounded; // never -0
}

/**
 * matchDurationSeconds in SQL. PostgreSQL orders NaN above every number, so `greatest(NaN, 0)` is NaN: only a
 * duration above 0 and below infinity counts, as in TypeScript.
 */
function matchDurationSql(duration: string): string {
  return `(CASE WHEN ${duration} > 0 AND ${duration} < 'Infinity'::float8 THEN least(${duration}, ${MAX_CLIP_SECONDS}) ELSE 0 END)`;
}

/**
 * The same rule as a SQL condition over three SQL expressions: the tag's instant, the clip's start (both
 * timestamptz) and the clip's duration in seconds (double precision, may be NULL).
 */
export function matchConditionSql(tagAt: string, clipStart: string, clipDuration: string): string {
  return `(${tagAt} >= ${clipStart} - make_interval(secs => ${MATCH_WINDOW_SECONDS})
      AND ${tagAt} <= ${clipStart} + make_interval(secs => ${matchDurationSql(clipDuration)} + ${MATCH_WINDOW_SECONDS}))`;
}
