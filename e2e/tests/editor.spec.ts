/**
 * The highlight editor at /editor/{sessionId}?token=… (docs/editor.md; docs/product/part-2.md §4 Editing flow, §8
 * "Loading a session") against the real local API, at desktop and 390 px. The event, two clips and a tag are made
 * through the API; the session too, as the app's Edit Highlight does, with the app's highlights page to return to.
 * Cancel, and the texts for a cancelled, used, wrong or unknown link, are proven by src/editor/EditorApp.test.tsx,
 * src/editor/editorApi.test.ts and server/test/editor-sessions.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { call, createEventViaApi, uploadClipViaApi, type UploadedClip } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { adminToken, storedToken } from '../support/session';
import { createTagViaApi } from '../support/tags';
import { makeClip } from '../support/videos';

/** Yesterday 7 PM UTC, so the event is over and its clips are in the past. */
const EVENT_START = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 5 * 3_600_000).toISOString();
const at = (seconds: number) => new Date(Date.parse(EVENT_START) + seconds * 1000).toISOString();
/** Clip A: 20 s from 10 min in, with a tagged moment 12 s into it. Clip B: 6 s from 20 min in, no moment. */
const CLIP_A_START = at(600);
const TAG_IN_A = at(612);
const CLIP_B_START = at(1200);

let dir = '';
let videoA = '';
let videoB = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-editor-'));
  videoA = makeClip(dir, 'a.mp4', { seconds: 20 });
  videoB = makeClip(dir, 'b.mp4', { seconds: 6 });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Setup {
  origin: string;
  token: string;
  eventName: string;
  eventId: string;
  clipA: UploadedClip;
  clipB: UploadedClip;
}

interface NewSession {
  id: string;
  token: string;
  editorUrl: string;
}

async function setUp(page: Page, request: APIRequestContext, admin: string): Promise<Setup> {
  const eventName = `Editor Cup ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const event = await createEventViaApi(request, admin, {
    name: eventName,
    venue: 'Wrigley',
    startTime: EVENT_START,
    endTime: at(3 * 3600),
  });
  await signInAs(page, { email: uniqueEmail('editor') });
  const token = await storedToken(page);
  const clipA = await uploadClipViaApi(request, token, videoA, { eventId: event.id, recordedAt: CLIP_A_START });
  const clipB = await uploadClipViaApi(request, token, videoB, { eventId: event.id, recordedAt: CLIP_B_START });
  await createTagViaApi(request, token, { eventId: event.id, timestamp: TAG_IN_A, description: 'Diving catch' });
  return { origin: new URL(page.url()).origin, token, eventName, eventId: event.id, clipA, clipB };
}

/** POST /api/v1/editor-sessions as the app does (Bearer), returning to the app's highlights page. */
function createSession(request: APIRequestContext, s: Setup): Promise<NewSession> {
  return call<NewSession>(request, 'POST', '/api/v1/editor-sessions', s.token, {
    eventId: s.eventId,
    clipIds: [s.clipA.id, s.clipB.id],
    returnUrl: `${s.origin}/highlights/view`,
  });
}

const clipIdsShown = (page: Page) =>
  page
    .getByRole('list', { name: 'Clips in highlight order' })
    .locator(':scope > li')
    .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-clip-id')));

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
}

/** The Referer header of every request the editor page makes (none is expected). */
function collectReferers(page: Page): Array<Promise<string | undefined>> {
  const referers: Array<Promise<string | undefined>> = [];
  page.on('request', (req: Request) => {
    // allHeaders() can fail for a request cut short by leaving the page; its provisional headers then.
    referers.push(
      req.allHeaders().then(
        (h) => h.referer,
        () => req.headers().referer,
      ),
    );
  });
  return referers;
}

/** The navigation that leaves the editor for the app (the app may tidy its address afterwards). */
const leaving = (page: Page, origin: string) =>
  page.waitForRequest((req) => req.isNavigationRequest() && req.url().startsWith(`${origin}/highlights/view`));

test.describe('Highlight editor', () => {
  test('token stripped, no referrer; clips in order with the moment; reload; reorder, trim, name, Render returns completed @phone', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const s = await setUp(page, request, await adminToken(baseURL!, uniqueEmail('editor-admin')));
    const session = await createSession(request, s);
    expect(session.editorUrl).toBe(`/editor/${session.id}?token=${session.token}`);

    const referers = collectReferers(page);
    const response = await page.goto(session.editorUrl);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1, name: s.eventName })).toBeVisible();
    // The address bar no longer has the token; nor does the history entry.
    expect(page.url()).toBe(`${s.origin}/editor/${session.id}`);
    expect(await page.evaluate(() => window.location.search)).toBe('');
    expect(await page.evaluate(() => document.querySelector('meta[name="referrer"]')?.getAttribute('content'))).toBe(
      'no-referrer',
    );

    await expect(page.getByText('Baseball · Wrigley Field, Chicago, IL ·')).toBeVisible();
    expect(await clipIdsShown(page)).toEqual([s.clipA.id, s.clipB.id]);
    const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Clip 1 of 2' }) });
    await expect(first.getByText('Tagged moment at 0:12.0: Diving catch')).toBeVisible();
    await expect(page.getByLabel('In point (seconds) of clip 1')).toHaveValue('4');
    await expect(page.getByLabel('Out point (seconds) of clip 1')).toHaveValue('16');
    await expect(page.getByLabel('In point (seconds) of clip 2')).toHaveValue('0');
    await expect(page.getByLabel('Out point (seconds) of clip 2')).toHaveValue('6');
    await expect(page.getByTestId('total-duration')).toHaveText('Total length: 0:18.0');
    const preview = page.getByLabel('Preview of clip 1');
    await expect(preview).toHaveAttribute('preload', 'metadata');
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await expectNoSideways(page);
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);

    // A reload after the token was stripped still loads (the credential is in this tab's session storage).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: s.eventName })).toBeVisible();
    expect(await clipIdsShown(page)).toEqual([s.clipA.id, s.clipB.id]);

    // Reorder with the keyboard, trim, name.
    await page.getByRole('button', { name: 'Move down: clip 1' }).focus();
    await page.keyboard.press('Enter');
    expect(await clipIdsShown(page)).toEqual([s.clipB.id, s.clipA.id]);
    await expect(page.getByRole('button', { name: 'Move up: clip 2' })).toBeFocused();
    await page.getByLabel('In point (seconds) of clip 1').fill('1.5');
    await page.keyboard.press('Tab');
    await page.getByLabel('Out point (seconds) of clip 2').fill('14');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('total-duration')).toHaveText('Total length: 0:14.5');
    await page.getByLabel('Highlight title').fill('Diving catch and more');
    await expectNoSideways(page);

    const renderCall = page.waitForRequest((req) => req.url().endsWith(`/api/v1/editor-sessions/${session.id}/render`));
    const renderAnswer = page.waitForResponse((res) => res.url().endsWith(`/api/v1/editor-sessions/${session.id}/render`));
    const back = leaving(page, s.origin);
    await page.getByRole('button', { name: 'Render' }).click();
    expect((await renderCall).postDataJSON()).toEqual({
      title: 'Diving catch and more',
      clips: [
        { clipId: s.clipB.id, inSeconds: 1.5, outSeconds: 6 },
        { clipId: s.clipA.id, inSeconds: 4, outSeconds: 14 },
      ],
    });
    expect((await renderAnswer).status()).toBe(201);
    expect((await back).url()).toBe(`${s.origin}/highlights/view?editing_session=${session.id}&editing_completed=true`);

    // Nothing the editor asked for carried a Referer (the token was never in one anyway).
    expect((await Promise.all(referers)).filter(Boolean)).toEqual([]);
  });
});
