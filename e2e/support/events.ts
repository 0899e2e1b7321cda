/**
 * Event discovery's browser tests: venues made through the local API (docs/api.md) where a test wants them
 * (events and clips: ./clips.ts), and the distance the app shows (haversine on 3959 mi, to 0.1;
 * docs/product/part-2.md §9).
 */
import type { APIRequestContext } from '@playwright/test';
import { call } from './clips';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export interface Point {
  latitude: number;
  longitude: number;
}

export interface Venue {
  id: string;
  name: string;
  address: string;
}

/** POST /api/v1/locations (ADMIN); the zone is looked up from the coordinates by the API. */
export async function createVenueViaApi(
  request: APIRequestContext,
  adminToken: string,
  venue: { name: string; address: string; city: string; state: string; at: Point },
): Promise<Venue> {
  const { at, ...fields } = venue;
  return call<Venue>(request, 'POST', '/api/v1/locations', adminToken, {
    ...fields,
    zip: '',
    latitude: at.latitude,
    longitude: at.longitude,
  });
}

/** An ISO instant `ms` from now (negative: in the past). */
export const fromNow = (ms: number): string => new Date(Date.now() + ms).toISOString();

/** A point `miles` north of `from` (a degree of latitude is 3959·π/180 miles). */
export function milesNorthOf(from: Point, miles: number): Point {
  return { latitude: from.latitude + (miles * 180) / (Math.PI * 3959), longitude: from.longitude };
}

/** The distance the app shows, in miles to 0.1 (the app's own haversine, written again here). */
export function expectedMiles(a: Point, b: Point): string {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return `${(Math.round(2 * 3959 * Math.asin(Math.sqrt(h)) * 10) / 10).toFixed(1)} mi`;
}
