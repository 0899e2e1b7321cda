import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tzLookup from '@photostructure/tz-lookup';

export interface Venue {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  timezone: string;
  sport: string | null;
}

export const DEFAULT_VENUES_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'venues.json');

/** Where the zone of a place cannot be found (a point at sea, say). */
const DEFAULT_TIMEZONE = 'America/Chicago';

/** The IANA zone at a point. */
export function timezoneAt(latitude: number, longitude: number): string {
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Normalises one entry of venues.json; null when it lacks an id, a name or valid coordinates. */
export function toVenue(raw: unknown): Venue | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const id = str(r.id);
  const name = str(r.name);
  const latitude = Number(r.latitude);
  const longitude = Number(r.longitude);
  if (!id || !name || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return {
    id,
    name,
    address: str(r.address),
    city: str(r.city),
    state: str(r.state),
    zip: str(r.zip),
    latitude,
    longitude,
    // A venue without its zone gets the one at its coordinates (a New York venue is not on Chicago's clock).
    timezone: str(r.timezone) || timezoneAt(latitude, longitude),
    sport: str(r.sport) || null,
  };
}

/** Reads the venue list; a missing file gives an empty list (the places stand-in then finds nothing). */
export async function loadVenues(file = DEFAULT_VENUES_FILE): Promise<Venue[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error(`${file} must hold a JSON array of venues`);
  return parsed.map(toVenue).filter((v): v is Venue => v !== null);
}
