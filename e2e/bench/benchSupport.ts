/**
 * What the benches share: the median of their runs, waiting for the demo data a bench measures against, signing
 * in as the demo coach, and how a bench's script ends.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { assertChromium } from '../support/chromium';
import type { RunningServer } from '../support/server';

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Waits (10 minutes at most) until the server says the demo data is ready (at info level, seedDemo.ts). */
export async function waitForDemo(server: RunningServer): Promise<void> {
  // A quieter server never prints the line waited for: say so now rather than after ten minutes.
  const level = process.env.E2E_SERVER_LOG_LEVEL;
  if (level && !['info', 'debug', 'trace'].includes(level))
    throw new Error(`The demo data is awaited in the server's info lines: run this bench without E2E_SERVER_LOG_LEVEL=${level}`);
  const deadline = Date.now() + 10 * 60_000;
  while (!/Demo data: (done|moved)/.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`The demo data was not ready in 10 minutes:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Signs in as the demo coach with "Keep me signed in" (so other tabs restore the session), ending on the home page. */
export async function signInAsDemoCoach(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/idp\/authorize/);
  await page.getByRole('button', { name: 'Continue as the demo coach' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
}

/** Create Highlight's path for the demo's live event, asked of the API with the demo coach's `token`. */
export async function liveEventHighlightPath(baseURL: string, token: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/events?timeFilter=current`, {
    headers: { authorization: `Bearer ${token}`, 'x-frontend-client': 'true' },
  });
  const body = (await res.json()) as { data?: Array<{ id: string }> } | Array<{ id: string }>;
  const events = Array.isArray(body) ? body : (body.data ?? []);
  if (!events[0]) throw new Error('The demo has no live event to create a highlight for');
  return `/highlights/create/${events[0].id}`;
}

/** A page the start's benches open, and the selector that says its first screen is usable. */
export interface BenchPage {
  name: string;
  path: string;
  signedIn: boolean;
  ready: string;
}

/**
 * The pages `bench:boot` and `bench:profile` open, of those `names` asks for: /login, My Clips (ready when
 * `myClipsReady` is on the page) and Create Highlight for the demo's live event (asked of the API with `token`).
 */
export async function benchPages(
  baseURL: string,
  token: string | undefined,
  names: readonly string[],
  myClipsReady: string,
): Promise<BenchPage[]> {
  return [
    { name: 'login', path: '/login', signedIn: false, ready: 'button:has-text("Sign in"):enabled' },
    { name: 'my-clips', path: '/clips', signedIn: true, ready: myClipsReady },
    {
      name: 'highlight-create',
      path: token && names.includes('highlight-create') ? await liveEventHighlightPath(baseURL, token) : '',
      signedIn: true,
      ready: 'input[type="checkbox"]',
    },
  ].filter((p) => names.includes(p.name));
}

/** The signed-in tab's access token (the session engine keeps it in session storage under `courtside.auth`). */
export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem('courtside.auth') ?? '{}') as { token?: string }).token ?? '');
}

/**
 * The demo coach's signed-in browser state (cookies and storage), for pages measured signed in, and the access
 * token of the tab that signed in, for asking the API which pages to measure.
 */
export async function demoCoachState(browser: Browser, baseURL: string): Promise<{ state: string; token: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsDemoCoach(page, baseURL);
  const state = JSON.stringify(await context.storageState());
  const token = await sessionToken(page);
  await context.close();
  return { state, token };
}

/** Lighthouse's mobile preset's screen: 412 × 823, touch. */
export const PHONE_SCREEN = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } as const;

/** Slows `page`'s CPU `cpuSlowdown` times (as Lighthouse's mobile preset does); the session stays open for more. */
export async function slowDown(context: BrowserContext, page: Page, cpuSlowdown: number): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return cdp;
}

/** A fresh phone-sized page with the CPU slowed `cpuSlowdown` times, as Lighthouse's mobile preset. */
export async function openSlowPhonePage(
  browser: Browser,
  storageState: string | undefined,
  cpuSlowdown: number,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    ...PHONE_SCREEN,
    ...(storageState ? { storageState: JSON.parse(storageState) as never } : {}),
  });
  const page = await context.newPage();
  return { context, page, cdp: await slowDown(context, page, cpuSlowdown) };
}

/** Runs a bench's main once the browser is known to be there; an error is printed and ends the process with a failure. */
export function runBench(main: () => Promise<void>): void {
  Promise.resolve()
    .then(assertChromium)
    .then(main)
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
