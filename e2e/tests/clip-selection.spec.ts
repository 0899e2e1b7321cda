/**
 * Clip selection for an event (docs/product/part-2.md §2) against the real local API, at desktop and
 * 390 px: the caller's clips, select by clicking, Clear, Create Highlight → the editor; the empty state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createEventViaApi, makePhoneClip, uploadClipViaApi } from '../support/clips';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { adminToken, storedToken } from '../support/session';

const EVENT_START = '2026-07-04T23:00:00.000Z';
let dir = '';
let video = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-sel-'));
  video = makePhoneClip(dir, 'a.mp4', { seconds: 2, creationTime: '2026-07-04T23:10:00.000Z' });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('select clips of an event, Clear, Create Highlight → the editor; the empty state @phone', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await adminToken(baseURL!, uniqueEmail('sel-admin'));
  const venue = { venue: 'Fenway', startTime: EVENT_START, endTime: '2026-07-05T02:00:00.000Z', sport: 'Soccer' };
  const event = await createEventViaApi(request, admin, { name: unique('Select Cup'), ...venue });
  const empty = await createEventViaApi(request, admin, { name: unique('Empty Cup'), ...venue });
  await signInAs(page, { email: uniqueEmail('sel-parent') });
  const token = await storedToken(page);
  const first = await uploadClipViaApi(request, token, video, { eventId: event.id, recordedAt: '2026-07-04T23:10:00.000Z' });
  await uploadClipViaApi(request, token, video, { eventId: event.id, recordedAt: '2026-07-04T23:20:00.000Z' });

  await page.goto(`/events/${event.id}/clips`);
  await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Soccer')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to events' })).toHaveAttribute('href', '/events');
  const create = page.getByRole('button', { name: 'Create Highlight' });
  await expect(create).toBeDisabled();
  const cards = page.getByRole('list', { name: 'Clips of the event' }).getByRole('button', { pressed: false });
  await expect(cards).toHaveCount(2);
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /7:10 PM/ }).click();
  await expect(page.getByRole('button', { name: /7:10 PM/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: /7:20 PM/ }).click();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('0 selected')).toBeVisible();
  await expect(create).toBeDisabled();

  await page.getByRole('button', { name: /7:10 PM/ }).click();
  const sessionAnswer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/editor-sessions') && r.request().method() === 'POST',
  );
  await create.click();
  const answer = await sessionAnswer;
  expect(answer.status()).toBe(201);
  expect((answer.request().postDataJSON() as { clipIds: string[] }).clipIds).toEqual([first.id]);
  await page.waitForURL((url) => /^\/editor\/[0-9a-f-]{36}$/.test(url.pathname));

  // No clips: Upload Clip goes to /upload (which leads to the upload screen).
  await page.goto(`/events/${empty.id}/clips`);
  await expect(page.getByRole('heading', { name: empty.name, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Upload Clip', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/clips/upload');
});
