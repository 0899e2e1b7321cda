/** What a user of the API does: sign in through the stand-in IdP, upload, read; plus JWT forging for the key checks. */
import { createHmac, randomUUID } from 'node:crypto';
import { describe, multipart, request, type Answer, type Req } from './http';
import { expect, fail } from './runner';

export interface Session {
  token: string;
  userId: string;
  email: string;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-frontend-client': 'true' };
}

export function json(body: unknown): { headers: Record<string, string>; body: string } {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export class Client {
  constructor(readonly port: number) {}

  send(req: Req): Promise<Answer> {
    return request(this.port, req);
  }

  /** GET/POST with a bearer token and an optional JSON body. */
  call(method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = token ? bearer(token) : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.send({ method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  /** The stand-in's sign-in; `extra` fields go along with the form (none of them may grant anything). */
  async signIn(email: string, extra: Record<string, string> = {}): Promise<Session> {
    const form = new URLSearchParams({ ...extra, state: 'probe', redirect_uri: '/login', provider: 'google', email });
    const auth = await this.send({
      method: 'POST',
      path: '/idp/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const location = String(auth.headers.location ?? '');
    const code = /[?&]code=([^&]+)/.exec(location)?.[1];
    if (auth.status !== 302 || !code) fail(`sign-in of ${email}: POST /idp/authorize got ${describe(auth)}`);
    const cb = await this.call('POST', '/api/v1/auth/local/callback', null, { code: decodeURIComponent(code) });
    const data = (cb.json as { data?: { token?: string; user?: { id?: string } } } | undefined)?.data;
    if (cb.status !== 200 || !data?.token || !data.user?.id) {
      fail(`sign-in of ${email}: POST /api/v1/auth/local/callback got ${describe(cb)}`);
    }
    return { token: data.token, userId: data.user.id, email };
  }

  async admin(action: 'revoke' | 'restore' | 'delete' | 'promote', adminToken: string, email: string): Promise<void> {
    const res = await this.call('POST', `/api/v1/admin/users/${action}`, adminToken, { email });
    expect(res.status === 200, `POST /api/v1/admin/users/${action} {email} got ${describe(res)}`);
  }

  upload(token: string, file: { filename: string; type: string; content: Buffer }, fields: Record<string, string> = {}) {
    const boundary = `----probe${randomUUID().replace(/-/g, '')}`;
    return this.send({
      method: 'POST',
      path: '/api/v1/uploads',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart(boundary, fields, { field: 'video', ...file }),
      timeoutMs: 30_000,
    });
  }
}

/** Clip as the API returns it (only what the probe reads). */
export interface ClipView {
  id: string;
  videoUrl: string;
  thumbnailUrl: string | null;
}

export function clipOf(res: Answer): ClipView {
  const data = (res.json as { data?: Partial<ClipView> } | undefined)?.data;
  if (!data?.id || typeof data.videoUrl !== 'string') fail(`no clip in answer: ${describe(res)}`);
  return { id: data.id, videoUrl: data.videoUrl, thumbnailUrl: data.thumbnailUrl ?? null };
}

const b64url = (s: string | Buffer): string => Buffer.from(s).toString('base64url');

export function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** An HS256 JWT over `claims` signed with `key` (which may be empty: the weak-key attack). */
export function forgeToken(claims: Record<string, unknown>, key: Buffer): string {
  const body = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** Whether `token`'s signature was made with `key`. */
export function signedWith(token: string, key: Buffer): boolean {
  const [h, p, s] = token.split('.');
  return createHmac('sha256', key).update(`${h}.${p}`).digest('base64url') === s;
}
