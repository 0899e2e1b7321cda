/** Great-circle distance in SQL, for searches "near lat,lng within radius". */

export const EARTH_RADIUS_MILES = 3959;
export const EARTH_RADIUS_KM = 6371;

/**
 * Degrees of latitude/longitude difference, rounded to 1e-9° (0.1 mm): PostgreSQL raises "underflow" when
 * `power()` of a tiny difference rounds to 0, so differences are either 0 or large enough to square.
 */
function degreesApart(a: string, b: string): string {
  return `round((${a} - ${b})::numeric, 9)::double precision`;
}

/**
 * Haversine distance between columns (latCol, lngCol) and parameters (latParam, lngParam), in the unit of
 * `earthRadius`.
 */
export function distanceSql(
  latParam: string,
  lngParam: string,
  earthRadius: number,
  latCol = 'latitude',
  lngCol = 'longitude',
): string {
  // least(1, …): for a point almost opposite the venue, rounding takes the haversine a hair past 1, and
  // PostgreSQL's asin then fails the whole query ("input is out of range"), not just that row.
  return `(2 * ${earthRadius} * asin(least(1, sqrt(
    power(sin(radians(${degreesApart(latCol, latParam)}) / 2), 2) +
    cos(radians(${latParam})) * cos(radians(${latCol})) * power(sin(radians(${degreesApart(lngCol, lngParam)}) / 2), 2)))))`;
}
