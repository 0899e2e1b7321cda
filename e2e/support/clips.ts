/**
 * Clips for browser tests, made through the local API (docs/api.md) rather than the Upload screen: an event at
 * a known venue, and clips uploaded to it (or to no event) with the recording time and device the cards show.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { ffmpegPath } from './videos';

const headers = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Frontend-Client': 'true' });

/** One call to the local API as the token's user; fails the test unless it succeeds; answers `data`. */
export async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: unknown) {
  const res = await request.fetch(url, { method, data, headers: headers(token) });
  expect(res.ok(), `${method} ${url} → ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

export interface CreatedEvent {
  id: string;
  name: string;
  startTime: string;
  endTime: string | null;
  timezone: string;
}

/**
 * POST /api/v1/events (ADMIN) at the first venue a location search for `venue` finds (the local API knows the
 * big stadiums: 'Fenway' is on New York time, 'Wrigley' on Chicago time).
 */
export async function createEventViaApi(
  request: APIRequestContext,
  adminToken: string,
  event: { name: string; venue: string; startTime: string; endTime?: string | null; sport?: string },
): Promise<CreatedEvent> {
  const venues = await call<Array<{ id: string }>>(
    request,
    'GET',
    `/api/v1/locations/search?q=${encodeURIComponent(event.venue)}`,
    adminToken,
  );
  expect(venues.length, `a venue for "${event.venue}"`).toBeGreaterThan(0);
  return call<CreatedEvent>(request, 'POST', '/api/v1/events', adminToken, {
    name: event.name,
    sport: event.sport ?? 'Baseball',
    startTime: event.startTime,
    endTime: event.endTime ?? null,
    locationId: venues[0]!.id,
  });
}

export interface UploadedClip {
  id: string;
  eventId: string | null;
  timestamp: string;
  duration: number | null;
}

/**
 * POST /api/v1/uploads (multipart `video`, optional `eventId` and `recordedAt`) as the user whose token it is.
 * `recordedAt` sets the recording time; otherwise the file's own creation time is used.
 */
export async function uploadClipViaApi(
  request: APIRequestContext,
  token: string,
  file: string,
  options: { eventId?: string | null; recordedAt?: string } = {},
): Promise<UploadedClip> {
  // eventId first: the API checks the event before it reads the file.
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {};
  if (options.eventId) multipart.eventId = options.eventId;
  if (options.recordedAt) multipart.recordedAt = options.recordedAt;
  multipart.video = { name: path.basename(file), mimeType: 'video/mp4', buffer: readFileSync(file) };
  const res = await request.post('/api/v1/uploads', { headers: headers(token), multipart });
  expect(res.status(), `upload of ${path.basename(file)} → ${await res.text()}`).toBe(201);
  return ((await res.json()) as { data: UploadedClip }).data;
}

/**
 * A short test-pattern video (160×120, a few KB) as a phone would tag it: recording time and the maker and model
 * the API reads as the clip's device ("Apple iPhone 15 Pro").
 */
export function makePhoneClip(
  dir: string,
  name: string,
  opts: { seconds?: number; creationTime?: string; make?: string; model?: string } = {},
): string {
  const file = path.join(dir, name);
  const meta = [
    ...(opts.creationTime ? ['-metadata', `creation_time=${opts.creationTime}`] : []),
    '-metadata',
    `com.apple.quicktime.make=${opts.make ?? 'Apple'}`,
    '-metadata',
    `com.apple.quicktime.model=${opts.model ?? 'iPhone 15 Pro'}`,
  ];
  execFileSync(ffmpegPath(), [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${opts.seconds ?? 1}:size=160x120:rate=10`,
    ...meta,
    '-movflags',
    'use_metadata_tags',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
  return file;
}
