/**
 * Highlight creation (docs/product/part-2.md §2, §4) against the real local API, at desktop and 390 px: a
 * tagged moment, a clip filmed at it, the clip under 'Tag 1', selected, Edit Highlight → the editor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { adminToken, storedToken } from '../support/session';
import { createTagViaApi } from '../support/tags';

const EVENT_START = '2026-07-04T23:00:00.000Z';
/** The clip: 30 s from 7:10:00 PM EDT; the moment 12 s into it. */
const CLIP_START = '2026-07-04T23:10:00.000Z';
const MOMENT = '2026-07-04T23:10:12.000Z';
/** A clip far from any tag: an additional clip. */
const OTHER_CLIP_START = '2026-07-04T23:40:00.000Z';

let dir = '';
let video = '';
let other = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-hl-'));
  video = makePhoneClip(dir, 'moment.mp4', { seconds: 30, creationTime: CLIP_START });
  other = makePhoneClip(dir, 'other.mp4', { seconds: 5, creationTime: OTHER_CLIP_START });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('tag a moment, upload a clip at it, select it under Tag 1, Edit Highlight → the editor @phone', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await adminToken(baseURL!, uniqueEmail('hl-admin'));
  const event = await createEventViaApi(request, admin, {
    name: unique('Highlight Cup'),
    venue: 'Fenway',
    startTime: EVENT_START,
    endTime: '2026-07-05T02:00:00.000Z',
  });
  const email = uniqueEmail('hl-parent');
  await signInAs(page, { email });
  const token = await storedToken(page);
  await createTagViaApi(request, token, { eventId: event.id, timestamp: MOMENT, description: 'Corner kick' });
  await createTagViaApi(request, token, { eventId: event.id, timestamp: '2026-07-05T00:30:00.000Z' });
  const clip = await uploadClipViaApi(request, token, video, { eventId: event.id });
  await uploadClipViaApi(request, token, other, { eventId: event.id });

  await page.goto(`/highlights/create/${event.id}`);
  await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Fenway Park, Boston, MA')).toBeVisible();
  await expect(page.getByText('0 clips selected for highlight')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Tag 1 - Jul 4, 2026, 7:10:12 PM/ })).toBeVisible();
  await expect(page.getByText('No clips found within 30 seconds of this tag')).toBeVisible();
  await expect(page.getByText('Tagged moment at Jul 4, 2026, 8:30:00 PM EDT')).toBeVisible();
  // The list is virtualized around the screen: on a phone its end is rendered once scrolled to.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByText('Tags shown: 2')).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 additional clips (excluding clips shown in tags)')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByText('Click a clip to preview')).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);

  // The clip under Tag 1: where the moment falls, who uploaded it.
  const card = page.getByRole('article', { name: 'Jul 4, 2026, 7:10 PM EDT' });
  await expect(card).toContainText('Tagged moment at 0:12 of 0:30');
  await expect(card).toContainText(email.split('@')[0]!);

  // Preview: Clip Details.
  await card.getByRole('button', { name: /Jul 4, 2026, 7:10 PM EDT/ }).click();
  await expect(page.getByRole('heading', { name: 'Clip Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(email);
  await page.getByRole('button', { name: /^Play preview/ }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).locator('video')).toBeVisible();

  // Nothing selected: the §5 message.
  await page.getByRole('button', { name: 'Edit Highlight' }).click();
  await expect(page.getByText('Please select at least one clip to create a highlight')).toBeVisible();

  await card.getByRole('checkbox', { name: /^Select clip/ }).check();
  await expect(page.getByText('1 clip selected for highlight')).toBeVisible();

  const sessionAnswer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/editor-sessions') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Edit Highlight' }).click();
  const answer = await sessionAnswer;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toEqual({
    eventId: event.id,
    clipIds: [clip.id],
    returnUrl: `${new URL(page.url()).origin}/highlights/view`,
  });
  await page.waitForURL((url) => /^\/editor\/[0-9a-f-]{36}$/.test(url.pathname));
  // The editor takes the launch token out of the address before anything else runs (once its page exists).
  await expect.poll(() => new URL(page.url()).search, { timeout: 10_000 }).toBe('');
});

test("the event's header shows while its clips load, the actions once they have", async ({ page, baseURL, request }) => {
  const admin = await adminToken(baseURL!, uniqueEmail('hl-admin'));
  const event = await createEventViaApi(request, admin, {
    name: unique('Header First Cup'),
    venue: 'Fenway',
    startTime: EVENT_START,
    endTime: '2026-07-05T02:00:00.000Z',
  });
  await signInAs(page, { email: uniqueEmail('hl-wait') });
  // The clips' answers wait until the test lets them through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/clips\/event\//, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(`/highlights/create/${event.id}`);
  await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Fenway Park, Boston, MA')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading event data...' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Highlight' })).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: 'Edit Highlight' })).toBeVisible();
  await expect(page.getByText('Loading event data...')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
});
