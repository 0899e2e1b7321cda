/** Kilometres in a mile (international mile). The API measures in km; people here read miles. */
export const KM_PER_MILE = 1.609344;

export function kilometresToMiles(km: number): number {
  return km / KM_PER_MILE;
}

/**
 * A distance in miles to one decimal (docs/product/part-2.md §9): "0.4 mi", "12.0 mi", "1,234.5 mi".
 * Intl's unit formatting gives the locale's own unit text and separators (the device's when omitted).
 */
export function formatMiles(miles: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'mile',
    unitDisplay: 'short',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Math.max(0, miles));
}

/** Coordinates as "lat, lng" to a fixed number of decimals (6 in the location preview, 4 in lists). */
export function formatCoordinates(latitude: number, longitude: number, decimals = 6): string {
  return `${latitude.toFixed(decimals)}, ${longitude.toFixed(decimals)}`;
}
