/** Holes 4 and 5 (limits before work, only real video) and hole 2's object-level checks on clips and media. */
import { clipOf, type Session } from './client';
import { listFiles, uploadsDir, type Probe } from './context';
import { describe, isEnvelope, rawExchange, type Answer } from './http';
import { expect, fail, type Check } from './runner';

const TEN_GB = 10 * 1024 * 1024 * 1024;

/** Request head of an upload whose Content-Length is `length`; the body follows separately. */
export function uploadHead(port: number, token: string, boundary: string, length: number): string {
  return (
    `POST /api/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
    `X-Frontend-Client: true\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${length}\r\n\r\n`
  );
}

export function filePartHead(boundary: string, filename: string, type: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
}

async function uploadReal(probe: Probe, who: Session): Promise<ReturnType<typeof clipOf>> {
  const res = await probe.client.upload(who.token, { filename: 'probe.mp4', type: 'video/mp4', content: probe.sampleClip });
  expect(res.status === 201, `POST /api/v1/uploads of a real 2 s clip got ${describe(res)}`);
  const clip = clipOf(res);
  probe.clipIds.add(clip.id);
  return clip;
}

function mediaPath(url: string): string {
  const u = new URL(url, 'http://x');
  return `${u.pathname}${u.search}`;
}

async function getMedia(probe: Probe, url: string): Promise<Answer> {
  return probe.client.send({ path: mediaPath(url), headers: { accept: '*/*' } });
}

export function uploadChecks(probe: Probe): Check[] {
  return [
    {
      name: 'a real clip (ffmpeg testsrc, video/mp4) → 201',
      timeoutMs: 30_000,
      run: async () => {
        const clip = await uploadReal(probe, probe.owner);
        probe.ownerClipId = clip.id;
      },
    },
    {
      name: "text named clip.mp4 (video/mp4) and HTML named clip.mov → 400 INVALID_FILE_TYPE 'Unsupported file type', nothing stored",
      run: async () => {
        const before = await listFiles(uploadsDir(probe));
        const fakes = [
          { filename: 'clip.mp4', type: 'video/mp4', content: Buffer.from('just some text, not a video\n'.repeat(40)) },
          { filename: 'clip.mov', type: 'video/quicktime', content: Buffer.from('<html><script>alert(1)</script></html>') },
        ];
        const wrong: string[] = [];
        for (const fake of fakes) {
          const res = await probe.client.upload(probe.owner.token, fake);
          const j = res.json as { code?: string; error?: string } | undefined;
          if (res.status === 201) probe.clipIds.add(clipOf(res).id);
          if (res.status !== 400 || j?.code !== 'INVALID_FILE_TYPE' || j.error !== 'Unsupported file type') {
            wrong.push(`${fake.filename} (${fake.type}) got ${describe(res)}`);
          }
        }
        const after = await listFiles(uploadsDir(probe));
        const added = after.filter((f) => !before.includes(f));
        expect(wrong.length === 0, wrong.join('; '));
        expect(added.length === 0, `files left under DATA_DIR/uploads: ${added.join(', ')}`);
      },
    },
    {
      name: "Content-Length 10 GB with 1 KB sent → 413 'File too large (max 100MB)' within 2 s, connection closed",
      timeoutMs: 10_000,
      run: async () => {
        const boundary = 'probeTenGigabytes';
        const head = filePartHead(boundary, 'huge.mp4', 'video/mp4');
        const body = Buffer.concat([Buffer.from(head), Buffer.alloc(1024 - head.length, 0x41)]);
        const r = await rawExchange(
          probe.client.port,
          [uploadHead(probe.client.port, probe.owner.token, boundary, TEN_GB), body],
          {
            waitMs: 3_000,
          },
        );
        const msg = (r.json as { error?: string } | undefined)?.error;
        const got = `got ${r.status ?? 'no answer'} after ${r.firstByteMs ?? '-'} ms, ${msg ?? 'no JSON error'}, closed ${r.closedMs === null ? 'no' : `after ${r.closedMs} ms`}`;
        expect(r.status === 413 && msg === 'File too large (max 100MB)', `sent 10 GB Content-Length + 1 KB; ${got}`);
        expect(r.firstByteMs !== null && r.firstByteMs <= 2_500, `answer too slow; ${got}`);
        expect(r.closedMs !== null, `connection left open; ${got}`);
      },
    },
  ];
}

export function accessChecks(probe: Probe): Check[] {
  const c = probe.client;
  return [
    {
      name: "GET /api/v1/clips/{id} of another user's clip → 404 (owner still 200)",
      run: async () => {
        if (!probe.ownerClipId) fail('no clip to test with (the real-clip upload failed)');
        const other = await c.signIn('probe-other@example.com');
        const theirs = await c.call('GET', `/api/v1/clips/${probe.ownerClipId}`, other.token);
        const mine = await c.call('GET', `/api/v1/clips/${probe.ownerClipId}`, probe.owner.token);
        expect(mine.status === 200, `control: the owner got ${describe(mine)}`);
        expect(theirs.status === 404 && isEnvelope(theirs.json), `another user got ${describe(theirs)}`);
      },
    },
    ...(['revoke', 'delete'] as const).map((action): Check => ({
      name: `signed media URLs stop working when their user is ${action === 'revoke' ? 'revoked' : 'deleted'}`,
      timeoutMs: 30_000,
      run: async () => {
        const user = await c.signIn(`probe-media-${action}@example.com`);
        const clip = await uploadReal(probe, user);
        const urls = [clip.videoUrl, ...(clip.thumbnailUrl ? [clip.thumbnailUrl] : [])];
        for (const url of urls) {
          const res = await getMedia(probe, url);
          expect(res.status === 200, `control: before ${action}, ${new URL(url, 'http://x').pathname} got ${res.status}`);
        }
        await c.admin(action, probe.admin.token, user.email);
        const wrong: string[] = [];
        for (const url of urls) {
          const res = await getMedia(probe, url);
          if (res.status < 400 || res.status >= 500) wrong.push(`${new URL(url, 'http://x').pathname} got ${res.status}`);
        }
        expect(wrong.length === 0, `after admin ${action}: ${wrong.join('; ')}`);
      },
    })),
  ];
}
