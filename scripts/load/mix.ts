/**
 * What the simulated users do, and one timed run of it with autocannon. A run is one autocannon instance whose
 * single request is rebuilt before every send (setupRequest): it draws a kind by weight, a user (token) and a
 * variant of the kind, so N connections behave like N users browsing, searching, tagging and uploading at once.
 */
import autocannon from 'autocannon';
import { authHeaders, recentMoment, uploadBody, type Seeded } from './seed';

export type Kind = 'list' | 'search' | 'tag' | 'upload';
export const KINDS: Kind[] = ['list', 'search', 'tag', 'upload'];

/**
 * The mix's weights, from what a game day looks like: people mostly open lists (events, their clips, tags,
 * highlights), search for the event they are at, tap TAG NOW, and now and then upload a clip.
 */
export const MIX_WEIGHTS: Record<Kind, number> = { list: 40, search: 25, tag: 25, upload: 10 };

interface Built {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

const pickOne = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** The list pages the app opens (home, My Clips, an event's clips, My Tags, the highlight screen, highlights). */
function listPaths(s: Seeded): string[] {
  const live = s.liveEventIds;
  return [
    '/api/v1/events?timeFilter=recent',
    '/api/v1/events?timeFilter=upcoming',
    '/api/v1/events?timeFilter=current',
    '/api/v1/clips',
    ...live.map((id) => `/api/v1/clips/event/${id}?page=1&limit=12&allUsers=true`),
    '/api/v1/tags',
    '/api/v1/tags/events',
    ...live.map((id) => `/api/v1/tags/event/${id}`),
    '/api/v1/highlights',
  ];
}

/** Nearby events (Tag Moments, Nearby Events) and the event picker's text search. */
function searchPaths(s: Seeded): string[] {
  const near = `near=${s.near.latitude},${s.near.longitude}`;
  return [
    `/api/v1/events/search?${near}&radius=25`,
    `/api/v1/events/search?${near}&radius=25&time=${encodeURIComponent(new Date().toISOString())}`,
    `/api/v1/events/text-search?q=${encodeURIComponent(s.near.city)}`,
    `/api/v1/events/text-search?q=league&${near}&radius=50`,
  ];
}

/** Builds one request of `kind` for a random user. Fresh header objects: autocannon adds Content-Length to them. */
export function requestBuilder(s: Seeded): (kind: Kind) => Built {
  const lists = listPaths(s);
  const searches = searchPaths(s);
  const boundary = '----courtside-load';
  return (kind) => {
    const headers = authHeaders(pickOne(s.tokens));
    switch (kind) {
      case 'list':
        return { method: 'GET', path: pickOne(lists), headers };
      case 'search':
        return { method: 'GET', path: pickOne(searches), headers };
      case 'tag': {
        // A moment at an event that is live now: what TAG NOW sends (spread over the last hour: see recentMoment).
        const body = {
          timestamp: recentMoment(),
          eventId: pickOne(s.liveEventIds),
          metadata: { description: 'Load moment' },
        };
        return {
          method: 'POST',
          path: '/api/v1/tags',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
      }
      case 'upload': {
        const body = uploadBody(s.clip, pickOne(s.liveEventIds), recentMoment(), boundary);
        return {
          method: 'POST',
          path: '/api/v1/uploads',
          headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body,
        };
      }
    }
  };
}

/** Draws kinds in proportion to their weights. */
export function weightedPicker(weights: Partial<Record<Kind, number>>): () => Kind {
  const entries = Object.entries(weights) as [Kind, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [kind, w] of entries) {
      r -= w;
      if (r < 0) return kind;
    }
    return entries[entries.length - 1]![0];
  };
}

/** Latencies and failures of one kind inside a run (autocannon itself only sums over all requests). */
export interface KindStats {
  latenciesMs: number[];
  non2xx: number;
}

export interface StepResult {
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Non-2xx answers plus connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  perKind: Partial<Record<Kind, KindStats>>;
  /** Latencies per call (event ids shown as :id), to name the page that is slow within a kind. */
  perCall: Record<string, number[]>;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The running instance, so Ctrl-C can stop it before the cleanup stops the server under it. */
let current: autocannon.Instance | null = null;
export function stopCurrentRun(): void {
  current?.stop();
}

/** One step: `connections` users for `durationSec`, drawing kinds with `pick`. */
export async function runStep(
  origin: string,
  build: (kind: Kind) => Built,
  pick: () => Kind,
  connections: number,
  durationSec: number,
): Promise<StepResult> {
  const perKind: Partial<Record<Kind, KindStats>> = {};
  const perCall: Record<string, number[]> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: durationSec,
        // An upload probes and thumbnails the file with ffmpeg: under load it can take seconds, not a failure.
        timeout: 30,
        requests: [
          {
            setupRequest: (request, context) => {
              const kind = pick();
              const built = build(kind);
              // Read back when the answer comes (below): autocannon keeps one context per connection.
              context.kind = kind;
              context.call = `${built.method} ${built.path.replace(UUID, ':id').replace(/&time=[^&]*/, '&time=…')}`;
              return { ...request, ...built };
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    current = instance;
    instance.on('response', (client, statusCode, _bytes, ms) => {
      const { kind, call } = client.requestIterator.context as { kind: Kind; call: string };
      (perCall[call] ??= []).push(ms);
      const stats = (perKind[kind] ??= { latenciesMs: [], non2xx: 0 });
      stats.latenciesMs.push(ms);
      if (statusCode < 200 || statusCode > 299) stats.non2xx += 1;
    });
  });
  current = null;
  return {
    connections,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    perKind,
    perCall,
  };
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
