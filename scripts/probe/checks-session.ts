/** Hole 7: sign-out ends the whole sign-in; admin revoke/delete end every sign-in; refresh limits are per sign-in. */
import type { Client, Session } from './client';
import type { Probe } from './context';
import { describe, type Answer } from './http';
import { expect, fail, type Check } from './runner';

async function refresh(c: Client, token: string): Promise<{ res: Answer; token: string | null }> {
  const res = await c.call('POST', '/api/v1/auth/verify/refresh', token);
  return { res, token: (res.json as { data?: { token?: string } } | undefined)?.data?.token ?? null };
}

const me = (c: Client, token: string): Promise<Answer> => c.call('GET', '/api/v1/auth/me', token);

export function sessionChecks(probe: Probe): Check[] {
  const c = probe.client;
  return [
    {
      name: 'logout with the refreshed token → the token from before the refresh gets 401 too',
      run: async () => {
        const s = await c.signIn('probe-logout@example.com');
        const r = await refresh(c, s.token);
        expect(r.res.status === 200 && r.token, `refresh got ${describe(r.res)}`);
        const out = await c.call('POST', '/api/v1/auth/logout', r.token);
        expect(out.status === 200, `logout got ${describe(out)}`);
        const old = await me(c, s.token);
        const fresh = await me(c, r.token);
        const again = await refresh(c, s.token);
        expect(fresh.status === 401, `the refreshed (logged-out) token on /me got ${describe(fresh)}`);
        expect(old.status === 401, `the token from before the refresh on /me got ${describe(old)}`);
        expect(again.res.status === 401, `refreshing the token from before the refresh got ${describe(again.res)}`);
      },
    },
    {
      name: 'logout ends only its own sign-in (another sign-in of the same user keeps working)',
      run: async () => {
        const a = await c.signIn('probe-two-tabs@example.com');
        const b = await c.signIn('probe-two-tabs@example.com');
        const out = await c.call('POST', '/api/v1/auth/logout', a.token);
        expect(out.status === 200, `logout got ${describe(out)}`);
        const gone = await me(c, a.token);
        const kept = await me(c, b.token);
        expect(gone.status === 401, `the logged-out token got ${describe(gone)}`);
        expect(kept.status === 200, `the other sign-in got ${describe(kept)}`);
      },
    },
    ...(['revoke', 'delete'] as const).map((action): Check => ({
      name: `admin ${action} ends all the user's sign-ins (and restore does not bring them back)`,
      run: async () => {
        const email = `probe-admin-${action}@example.com`;
        const sessions: Session[] = [await c.signIn(email), await c.signIn(email)];
        for (const s of sessions) expect((await me(c, s.token)).status === 200, 'control: a fresh sign-in is refused');
        await c.admin(action, probe.admin.token, email);
        for (const [i, s] of sessions.entries()) {
          const res = await me(c, s.token);
          const r = await refresh(c, s.token);
          if (res.status !== 401 && res.status !== 403) fail(`sign-in ${i + 1} after ${action}: /me got ${describe(res)}`);
          if (r.res.status !== 401 && r.res.status !== 403)
            fail(`sign-in ${i + 1} after ${action}: refresh got ${describe(r.res)}`);
        }
        await c.admin('restore', probe.admin.token, email);
        for (const [i, s] of sessions.entries()) {
          const res = await me(c, s.token);
          if (res.status !== 401) fail(`sign-in ${i + 1} after ${action} + restore: /me got ${describe(res)}`);
        }
        const again = await c.signIn(email);
        expect((await me(c, again.token)).status === 200, `a new sign-in after restore is refused`);
      },
    })),
    {
      name: 'refresh limit (10/min) is per sign-in: exhausting one does not limit another',
      timeoutMs: 20_000,
      run: async () => {
        const a = await c.signIn('probe-ratelimit@example.com');
        const b = await c.signIn('probe-ratelimit@example.com');
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) statuses.push((await refresh(c, a.token)).res.status);
        expect(
          statuses.slice(0, 10).every((s) => s === 200),
          `the first 10 refreshes of one sign-in got ${statuses.join(',')}`,
        );
        expect(statuses[10] === 429, `the 11th refresh of one sign-in got ${statuses[10]} (limit not enforced)`);
        const other = await refresh(c, b.token);
        expect(other.res.status === 200, `a second sign-in of the same user got ${describe(other.res)}`);
      },
    },
  ];
}
