/**
 * Helpers for the session engine's browser tests: fake time with activity, the stored auth record,
 * counting requests, and an administrator's token for the tests that set data up.
 */
import { expect, type BrowserContext, type Page, type Request } from '@playwright/test';
import { AUTH_KEY, signInOverHttp } from './auth';

export const MINUTE = 60_000;
export const REFRESH_PATH = '/api/v1/auth/verify/refresh';
export const LOGOUT_PATH = '/api/v1/auth/logout';

export interface StoredAuth {
  user: { id: string; email: string; roles: string[] };
  token: string;
  lastActivity: number;
  lastRefresh: number;
  persistAcrossRestarts: boolean;
  clockOffsetMs: number;
}

/** The auth record in the page's tab storage (sessionStorage 'courtside.auth'), or null. */
export async function readStoredAuth(page: Page): Promise<StoredAuth | null> {
  const raw = await page.evaluate((key) => window.sessionStorage.getItem(key), AUTH_KEY);
  return raw === null ? null : (JSON.parse(raw) as StoredAuth);
}

export async function storedToken(page: Page): Promise<string> {
  const auth = await readStoredAuth(page);
  expect(auth?.token, 'a signed-in page keeps its token in tab storage').toBeTruthy();
  return auth!.token;
}

/** The page's (fake) clock. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/** Something the app counts as activity (a keydown) that changes nothing on screen. */
export async function beActive(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
}

/**
 * Moves the (context-wide) fake clock until `target` (page time, ms), in steps of at most `stepMs`,
 * with a key press in every page of `activeIn` before each step, so the 30-minute inactivity
 * deadline never comes. Each step is a fastForward: the app's timers (it sleeps at most 60 s) fire
 * once at the end of each jump, as after a short laptop sleep.
 */
export async function advanceTo(
  clockPage: Page,
  target: number,
  opts: { activeIn?: Page[]; stepMs?: number } = {},
): Promise<void> {
  const step = opts.stepMs ?? 3 * MINUTE;
  for (;;) {
    const now = await pageNow(clockPage);
    const left = target - now;
    if (left <= 0) return;
    for (const p of opts.activeIn ?? []) await beActive(p);
    await clockPage.clock.fastForward(Math.min(step, left));
  }
}

/** Collects matching requests as they are sent (from a page or a whole context). */
export function collectRequests(source: Page | BrowserContext, match: (req: Request) => boolean): Request[] {
  const seen: Request[] = [];
  (source as Page).on('request', (req: Request) => {
    if (match(req)) seen.push(req);
  });
  return seen;
}

export const isRefresh = (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === REFRESH_PATH;
export const isLogout = (req: Request) => req.method() === 'POST' && new URL(req.url()).pathname === LOGOUT_PATH;

/**
 * An administrator's token, signed in over HTTP (signInOverHttp). The tests that need one are about what the
 * admin sets up, not the sign-in screens (auth.spec.ts walks those).
 */
export async function adminToken(baseURL: string, email: string): Promise<string> {
  return (await signInOverHttp(baseURL, email, { admin: true })).token;
}
