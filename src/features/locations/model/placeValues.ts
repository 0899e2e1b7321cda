/** Reading untyped values from the maps script (legacy and new Places API alike) without trusting their shape. */

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null;
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A google.maps.LatLng (lat() / lng()) or a literal ({lat, lng}) → a finite number, or null. */
export function coordinate(location: Obj, key: 'lat' | 'lng'): number | null {
  const raw = location[key];
  const value: unknown = typeof raw === 'function' ? (raw as () => unknown)() : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
