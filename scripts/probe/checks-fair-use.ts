/** Fair use: no one sender fills the database or holds the server (docs/decisions.md "Fair use"). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ERROR_REPORT_MAX_BYTES, MAX_HIGHLIGHT_SECONDS } from '../../src/app/product';
import type { Probe } from './context';
import { describe, isEnvelope } from './http';
import { expect, type Check } from './runner';

/** A clip 11 minutes long that weighs a few kilobytes (16×16 at 1 frame a second): the render worker's worst case. */
function longTinyClip(): Buffer {
  const ffmpeg = (createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = path.join(os.tmpdir(), `courtside-probe-long-${process.pid}.mp4`);
  const src = `testsrc=duration=${MAX_HIGHLIGHT_SECONDS + 60}:size=16x16:rate=1`;
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', src, '-pix_fmt', 'yuv420p', '-y', file], { timeout: 60_000 });
  return readFileSync(file);
}

interface Data<T> {
  data?: T;
}

export function fairUseChecks(probe: Probe): Check[] {
  const c = () => probe.client;
  return [
    {
      name: 'a text playlist named .mp4 (it names a file of the server) → 400 INVALID_FILE_TYPE, nothing read',
      run: async () => {
        const playlist = Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n/etc/hostname\n#EXT-X-ENDLIST\n');
        const res = await c().upload(probe.owner.token, { filename: 'game.mp4', type: 'video/mp4', content: playlist });
        const code = (res.json as { code?: string } | undefined)?.code;
        expect(res.status === 400 && code === 'INVALID_FILE_TYPE', `the playlist upload got ${describe(res)}`);
      },
    },
    {
      name: `a highlight over ${MAX_HIGHLIGHT_SECONDS / 60} minutes of an 11-minute clip → 400 HIGHLIGHT_TOO_LONG; its session's clip link dies at cancel`,
      timeoutMs: 90_000,
      run: async () => {
        const ev = await c().call('POST', '/api/v1/events', probe.admin.token, {
          name: 'Probe long game',
          sport: 'soccer',
          startTime: new Date(Date.now() - 3600_000).toISOString(),
          locationId: probe.locationId,
        });
        const eventId = (ev.json as Data<{ id?: string }>)?.data?.id;
        expect(ev.status === 201 && eventId, `POST /api/v1/events got ${describe(ev)}`);
        const up = await c().upload(
          probe.owner.token,
          { filename: 'long.mp4', type: 'video/mp4', content: longTinyClip() },
          { eventId },
        );
        const clipId = (up.json as Data<{ id?: string }>)?.data?.id;
        expect(up.status === 201 && clipId, `the long clip's upload got ${describe(up)}`);
        probe.clipIds.add(clipId);
        const made = await c().call('POST', '/api/v1/editor-sessions', probe.owner.token, {
          eventId,
          clipIds: [clipId],
          returnUrl: `${probe.proc.origin}/highlights/view`,
        });
        const session = (made.json as Data<{ id: string; token: string }>)?.data;
        expect(made.status === 201 && session, `POST /api/v1/editor-sessions got ${describe(made)}`);
        const traded = await c().call('POST', `/api/v1/editor-sessions/${session.id}/credential`, null, { token: session.token });
        const credential = (traded.json as Data<{ credential: string }>)?.data?.credential ?? '';
        const editor = { 'x-editor-credential': credential, 'content-type': 'application/json' };
        const render = await c().send({
          method: 'POST',
          path: `/api/v1/editor-sessions/${session.id}/render`,
          headers: editor,
          body: JSON.stringify({ title: 'Too long', clips: [{ clipId, inSeconds: 0, outSeconds: MAX_HIGHLIGHT_SECONDS + 30 }] }),
        });
        const code = (render.json as { code?: string } | undefined)?.code;
        expect(render.status === 400 && code === 'HIGHLIGHT_TOO_LONG', `the render got ${describe(render)}`);
        const view = await c().send({ method: 'GET', path: `/api/v1/editor-sessions/${session.id}`, headers: editor });
        const link =
          (view.json as Data<{ session: { clips: Array<{ videoUrl: string }> } }>)?.data?.session.clips[0]?.videoUrl ?? '';
        expect(link.startsWith(`/media/editor/${session.id}/`), `the session's clip link is ${String(link)}`);
        const before = await c().send({ method: 'GET', path: link, headers: { range: 'bytes=0-99' } });
        expect(before.status === 206 || before.status === 200, `the link while open got ${describe(before)}`);
        await c().send({ method: 'POST', path: `/api/v1/editor-sessions/${session.id}/cancel`, headers: editor });
        const after = await c().send({ method: 'GET', path: link, headers: { range: 'bytes=0-99' } });
        expect(after.status === 403, `the link after cancel got ${describe(after)}`);
      },
    },
    {
      name: 'anonymous error reports: a body over the cap → 413; past 10 a minute from one address → 429 with Retry-After',
      timeoutMs: 30_000,
      run: async () => {
        const send = (body: string) =>
          probe.client.send({ method: 'POST', path: '/api/v1/errors', headers: { 'content-type': 'application/json' }, body });
        const big = await send(JSON.stringify({ message: 'x', stack: 'y'.repeat(ERROR_REPORT_MAX_BYTES) }));
        expect(big.status === 413 && isEnvelope(big.json), `a ${ERROR_REPORT_MAX_BYTES + 30}-byte report got ${describe(big)}`);
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1) statuses.push((await send(JSON.stringify({ message: `probe flood ${i}` }))).status);
        const last = await send(JSON.stringify({ message: 'probe flood, one more' }));
        expect(statuses.includes(429) && last.status === 429, `13 reports in a row got ${statuses.join(', ')}, ${last.status}`);
        expect(
          isEnvelope(last.json) && last.headers['retry-after'],
          `the 429 lacks the envelope or Retry-After: ${describe(last)}`,
        );
      },
    },
  ];
}
