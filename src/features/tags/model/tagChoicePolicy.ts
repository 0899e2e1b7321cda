import { eventEndMs, type EventSummary } from '../../events/public';

/**
 * How long after its end the event chosen on Tag Moments stays chosen (docs/decisions.md "Tagging after the event
 * ends"). An end time is the organiser's guess: overtime, extra innings and a shoot-out run past it, and a coach taps
 * the final whistle's moment a little after. A choice left from an earlier game would file moments no clip of the
 * next one can match, so after this the choice is cleared and Tag Moments asks for a current event.
 */
export const TAG_CHOICE_GRACE_MS = 60 * 60 * 1000;

/** When the chosen event stops being the one Tag Moments tags for (server time, epoch ms); NaN when unreadable. */
export function tagChoiceEndsAt(event: Pick<EventSummary, 'startTime' | 'endTime'>): number {
  return eventEndMs(event) + TAG_CHOICE_GRACE_MS;
}

/**
 * How long to wait, from `now`, before looking at the choice again: 0 once it has ended; null when its end cannot
 * be read (such an event is never offered as live, so the choice is left alone rather than dropped on a guess).
 * A wait of weeks is fine: redux-saga's `delay` caps a timeout at 2^31 − 1 ms, and the saga looks again then.
 */
export function tagChoiceWaitMs(event: Pick<EventSummary, 'startTime' | 'endTime'>, now: number): number | null {
  const endsAt = tagChoiceEndsAt(event);
  if (!Number.isFinite(endsAt)) return null;
  return Math.max(endsAt - now, 0);
}
