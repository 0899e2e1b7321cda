/** Small field validators that collect per-field messages for INVALID_INPUT details. */
export class Fields {
  readonly problems: Record<string, string> = {};
  private readonly source: Record<string, unknown>;

  constructor(body: unknown) {
    this.source = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    if (this.source !== body) this.problems.body = 'must be a JSON object';
  }

  get ok(): boolean {
    return Object.keys(this.problems).length === 0;
  }

  raw(name: string): unknown {
    return this.source[name];
  }

  /** Optional trimmed string (empty when absent). */
  string(name: string, opts: { required?: boolean; max?: number } = {}): string {
    const v = this.source[name];
    const max = opts.max ?? 300;
    if (v === undefined || v === null) {
      if (opts.required) this.problems[name] = 'is required';
      return '';
    }
    if (typeof v !== 'string') {
      this.problems[name] = 'must be a string';
      return '';
    }
    const s = v.trim();
    if (opts.required && s === '') this.problems[name] = 'is required';
    else if (s.length > max) this.problems[name] = `must be at most ${max} characters`;
    return s;
  }

  number(name: string, min: number, max: number): number {
    const v = this.source[name];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    if (v === undefined || v === null || v === '') this.problems[name] = 'is required';
    else if (!Number.isFinite(n)) this.problems[name] = 'must be a number';
    else if (n < min || n > max) this.problems[name] = `must be between ${min} and ${max}`;
    return n;
  }

  /** ISO 8601 date-time with a time zone designator; null when absent and optional. */
  isoDate(name: string, opts: { required: boolean }): Date | null {
    const v = this.source[name];
    if (v === undefined || v === null || v === '') {
      if (opts.required) this.problems[name] = 'is required';
      return null;
    }
    if (typeof v !== 'string' || !ISO_DATE_TIME.test(v) || Number.isNaN(Date.parse(v))) {
      this.problems[name] = 'must be an ISO 8601 date-time with time zone, e.g. 2025-05-01T18:00:00Z';
      return null;
    }
    return new Date(v);
  }
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Parses "lat,lng"; null when absent, throws a message when malformed. */
export function parseNear(value: unknown): { lat: number; lng: number } | null | string {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') return 'must be "lat,lng"';
  const parts = value.split(',').map((p) => Number(p.trim()));
  const [lat, lng] = parts;
  if (parts.length !== 2 || lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    return 'must be "lat,lng"';
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return 'coordinates out of range';
  return { lat, lng };
}

export function parseRadius(value: unknown, fallback: number, max: number): number | string {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0 || n > max) return `must be a number between 0 and ${max}`;
  return n;
}

/** SQL great-circle distance between columns (latitude, longitude) and params $lat/$lng, in units of `radius`. */
export function distanceSql(
  latParam: string,
  lngParam: string,
  earthRadius: number,
  latCol = 'latitude',
  lngCol = 'longitude',
): string {
  return `(2 * ${earthRadius} * asin(sqrt(
    power(sin(radians(${latCol} - ${latParam}) / 2), 2) +
    cos(radians(${latParam})) * cos(radians(${latCol})) * power(sin(radians(${lngCol} - ${lngParam}) / 2), 2))))`;
}

export const EARTH_RADIUS_MILES = 3959;
export const EARTH_RADIUS_KM = 6371;
