/*
 * ICU's data, loaded off the page's main thread (src/app/warmUpIntl.ts). A page's first Intl formatter loads
 * ICU's locale and time-zone data, one task of 50–250 ms on a phone; ICU keeps what it loaded for the whole
 * renderer process, so once this worker has built them, the page's own first formatter takes about a millisecond.
 * The calls are those of the first screens: the device's zone, a venue's time with its zone's name (and with
 * seconds), the list of zones, a number.
 */
try {
  new Intl.DateTimeFormat().resolvedOptions();
  const at = Date.now();
  const day = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  new Intl.DateTimeFormat(undefined, { ...day, timeZone: 'America/Chicago', timeZoneName: 'short' }).format(at);
  new Intl.DateTimeFormat(undefined, { ...day, second: '2-digit', timeZone: 'Europe/London' }).format(at);
  if (typeof Intl.supportedValuesOf === 'function') Intl.supportedValuesOf('timeZone');
  new Intl.NumberFormat().format(1.5);
} catch {
  // Nothing warmed: the page's first formatter loads the data itself, as it would without this worker.
}
self.close();
