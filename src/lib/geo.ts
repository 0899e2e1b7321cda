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

/** The Earth's radius the product measures with (docs/product/part-2.md §9). */
export const EARTH_RADIUS_MILES = 3959;

/**
 * How far "nearby" reaches, in miles: Nearby Events and Nearby Locations (docs/product/part-2.md §9 leaves
 * the value open; the reasons for 25 are in docs/decisions.md). One constant for both screens.
 */
export const NEARBY_RADIUS_MILES = 25;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance between two points in miles, rounded to 0.1 (docs/product/part-2.md §9):
 * the haversine formula on a sphere of radius 3959 mi, which is what the API uses too.
 */
export function distanceMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // min(1, …): rounding can push h a hair over 1 for antipodal points, and asin would return NaN.
  const miles = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
  return Math.round(miles * 10) / 10;
}

/**
 * A coordinate to 4 decimals (about 11 m; docs/product/part-2.md §9): enough for "near", and two fixes
 * a few metres apart ask the API the same question (one cached answer, not a refetch per GPS wobble).
 */
export function roundCoordinate(degrees: number): number {
  return Math.round(degrees * 10_000) / 10_000;
}
