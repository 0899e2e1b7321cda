import { formatDuration } from '../../../lib/duration';

/** A clip under a moment starts playing this many seconds before it, so the viewer sees what led up to it. */
export const PLAY_LEAD_SECONDS = 5;

export interface MomentInClip {
  /** Where the moment falls: "at 0:42 of 1:30", "0:12 before the clip starts", "0:08 after the clip ends". */
  label: string;
  /** The second of the clip to start playing from: a few seconds before the moment, inside the clip. */
  playFromSeconds: number;
}

/**
 * Where a tagged moment falls in one of its matching clips (docs/api.md "Tags": `offsetSeconds` is tag time −
 * clip start, negative when the clip starts after the tag). A clip matches within 30 s either side, so the
 * moment may lie outside the recording: the label says so rather than show a time the player cannot reach, and
 * playback starts where the clip is nearest the moment. An unknown (or zero) duration gives "at 0:42" alone.
 */
export function momentInClip(offsetSeconds: number, durationSeconds: number | null): MomentInClip {
  // Whole seconds, as the player and formatDuration show them: 41.6 s and 42.4 s both read "0:42".
  const offset = Number.isFinite(offsetSeconds) ? Math.round(offsetSeconds) : 0;
  const duration = durationSeconds !== null && Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : null;
  const length = duration === null ? null : Math.round(duration);

  let label: string;
  if (offset < 0) label = `${formatDuration(-offset)} before the clip starts`;
  else if (length !== null && offset > length) label = `${formatDuration(offset - length)} after the clip ends`;
  else label = length === null ? `at ${formatDuration(offset)}` : `at ${formatDuration(offset)} of ${formatDuration(length)}`;

  const latestStart = duration === null ? Infinity : Math.max(0, duration - PLAY_LEAD_SECONDS);
  const from = Math.min(Math.max(0, offsetSeconds - PLAY_LEAD_SECONDS), latestStart);
  return { label, playFromSeconds: Number.isFinite(from) ? Math.round(from * 1000) / 1000 : 0 };
}
