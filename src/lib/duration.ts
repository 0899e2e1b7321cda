/**
 * A clip's length for people: m:ss under an hour, h:mm:ss from an hour on ("0:02", "1:15", "1:02:05").
 * Rounded to the nearest second (players show whole seconds); a negative or unknown length shows 0:00.
 * Digits only, so no locale is involved: every list and player shows the same text.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
