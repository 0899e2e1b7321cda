const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * Formatters by locale, made once: making an Intl.NumberFormat costs far more than using one, and a size is
 * formatted at every render of an upload row.
 */
const formatters = new Map<string, { bytes: Intl.NumberFormat; units: Intl.NumberFormat }>();
function formattersFor(locale: string | undefined) {
  const key = locale ?? '';
  let made = formatters.get(key);
  if (!made) {
    made = {
      bytes: new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: false }),
      units: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    };
    formatters.set(key, made);
  }
  return made;
}

/**
 * A file size in binary units (1 KB = 1024 bytes, the way the 100 MB upload limit is counted):
 * whole bytes below 1 KB, one decimal from there ("512 B", "2.0 KB", "5.2 MB", "3.0 GB").
 * The number goes through Intl so the decimal sign follows `locale` (the device's when omitted).
 */
export function formatFileSize(bytes: number, locale?: string): string {
  const size = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  if (size < 1024) return `${formattersFor(locale).bytes.format(size)} B`;
  let value = size / 1024;
  let unit = 0;
  // 1023.95 KB would round to "1024.0 KB": step up to the next unit before it does.
  while (value >= 1023.95 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = formattersFor(locale).units.format(value);
  return `${number} ${UNITS[unit]}`;
}
