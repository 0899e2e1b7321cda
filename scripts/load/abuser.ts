/**
 * One account (and anyone unsigned) doing what a review found could take the service from everyone else: renders
 * of long highlights back to back, tags as fast as the connection allows, the largest tag listing the API offers,
 * and anonymous error reports near their size cap. Runs beside the normal users' mix until stopped; every answer
 * is counted by status, so the report shows what the limits refused.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_REPORT_FIELD_LIMITS, MAX_HIGHLIGHT_SECONDS } from '../../src/app/product';
import { authHeaders, recentMoment, uploadBody, type Seeded } from './seed';

/** A clip as long as a highlight may be that weighs a few kilobytes (16×16 at 1 frame a second). */
function longTinyClip(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-bench-abuser-'));
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const file = path.join(dir, 'long.mp4');
    const src = `testsrc=duration=${MAX_HIGHLIGHT_SECONDS + 10}:size=16x16:rate=1`;
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', src, '-pix_fmt', 'yuv420p', file]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface AbuseCounts {
  /** Answers per activity and status, e.g. { tags: { 201: 120, 429: 3000 } }. */
  byActivity: Record<string, Record<string, number>>;
}

export interface Abuser {
  stop(): Promise<AbuseCounts>;
}

interface Json<T> {
  data?: T;
}

/** Starts the abuser as `token` (signed in, owns nothing yet) against `origin`; `parallel` loops per activity. */
export async function startAbuser(origin: string, seeded: Seeded, token: string, parallel = 3): Promise<Abuser> {
  const eventId = seeded.liveEventIds[0];
  if (!eventId) throw new Error('no live event to abuse');
  const counts: AbuseCounts = { byActivity: {} };
  const count = (activity: string, status: number | string): void => {
    const byStatus = (counts.byActivity[activity] ??= {});
    byStatus[String(status)] = (byStatus[String(status)] ?? 0) + 1;
  };
  const send = async (activity: string, url: string, init: RequestInit): Promise<Response | null> => {
    try {
      const res = await fetch(origin + url, { ...init, signal: AbortSignal.timeout(30_000) });
      count(activity, res.status);
      return res;
    } catch {
      count(activity, 'error');
      return null;
    }
  };

  // The clip the renders are made of: as long as a highlight may be.
  const boundary = '----courtside-abuser';
  const upload = await fetch(`${origin}/api/v1/uploads`, {
    method: 'POST',
    headers: { ...authHeaders(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: new Uint8Array(uploadBody(longTinyClip(), eventId, recentMoment(), boundary)),
  });
  const clipId = ((await upload.json()) as Json<{ id: string }>).data?.id;
  if (!clipId) throw new Error(`the abuser's upload failed: ${upload.status}`);

  let running = true;
  const loops: Promise<void>[] = [];
  const loop = (body: () => Promise<void>): void => {
    loops.push(
      (async () => {
        while (running) await body();
      })(),
    );
  };
  const json = (payload: unknown): RequestInit => ({
    method: 'POST',
    headers: { ...authHeaders(token), 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

  // Renders: a session, its credential, a 10-minute highlight; again and again.
  loop(async () => {
    const made = await send(
      'editor sessions',
      '/api/v1/editor-sessions',
      json({ eventId, clipIds: [clipId], returnUrl: `${origin}/` }),
    );
    const session = made?.ok ? ((await made.json()) as Json<{ id: string; token: string }>).data : undefined;
    if (!session) return;
    const traded = await fetch(`${origin}/api/v1/editor-sessions/${session.id}/credential`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: session.token }),
    });
    const credential = ((await traded.json()) as Json<{ credential: string }>).data?.credential ?? '';
    await send('renders', `/api/v1/editor-sessions/${session.id}/render`, {
      method: 'POST',
      headers: { 'x-editor-credential': credential, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Flood', clips: [{ clipId, inSeconds: 0, outSeconds: MAX_HIGHLIGHT_SECONDS }] }),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  for (let i = 0; i < parallel; i += 1) {
    loop(async () => {
      await send('tags', '/api/v1/tags', json({ eventId, timestamp: recentMoment(), metadata: { description: 'flood' } }));
    });
    loop(async () => {
      const res = await send('largest listing', `/api/v1/tags/event/${eventId}?limit=500&clipLimit=500`, {
        headers: authHeaders(token),
      });
      await res?.arrayBuffer();
    });
    loop(async () => {
      await send('anonymous error reports', '/api/v1/errors', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          message: 'flood',
          stack: 'x'.repeat(ERROR_REPORT_FIELD_LIMITS.stack),
          componentStack: 'y'.repeat(ERROR_REPORT_FIELD_LIMITS.componentStack),
        }),
      });
    });
  }
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return counts;
    },
  };
}
