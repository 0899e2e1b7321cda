/**
 * 'Make my highlight' says what it leaves out, at desktop and 390 px, against the real local API: 21 tagged moments
 * each in its own clip (one more than a highlight takes) and two moments with no clip within 30 s. Before the page
 * leaves for the editor it names both groups with their times on the venue's clock (Fenway: New York time, the
 * browser in Chicago), then the editor opens with the 20 clips.
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

const EVENT_START = Date.parse('2026-08-01T18:00:00.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Clip i starts 5 + 2·i minutes into the game (2 minutes apart: each moment is near its own clip only). */
const clipStart = (i: number) => EVENT_START + (5 + 2 * i) * MINUTE;
const CLIPS = 21;
/** Each moment 1 s into its clip. The 21st (45:01 into the game) is the one past the cap. */
const momentIn = (i: number) => clipStart(i) + 1000;
/** No clip within 30 s: a minute into the game (the first clip starts at 5:00), and half an hour after the last. */
const LONELY = [EVENT_START + MINUTE, EVENT_START + 90 * MINUTE];

let dir = '';
let clipFile = '';

test.beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'courtside-left-out-'));
  clipFile = makePhoneClip(dir, 'moment.mp4', { seconds: 2 });
});

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('Make my highlight names the moments with no clip nearby and those past 20 clips, with their times', async ({
  page,
  baseURL,
  request,
  isMobile,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(baseURL!, uniqueEmail('left-out-admin'));
  const event = await createEventViaApi(request, admin, {
    name: `Long Cup ${Date.now().toString(36)}`,
    venue: 'Fenway',
    startTime: iso(EVENT_START),
    endTime: iso(EVENT_START + 2 * 60 * MINUTE),
    sport: 'Soccer',
  });
  await signInAs(page, { email: uniqueEmail('left-out') });
  const token = await storedToken(page);
  // 23 tags (under the 120 a minute a user may make) and 21 clips of the same file at their recording times.
  for (let i = 0; i < CLIPS; i += 1) {
    await uploadClipViaApi(request, token, clipFile, { eventId: event.id, recordedAt: iso(clipStart(i)) });
  }
  for (const at of [...Array.from({ length: CLIPS }, (_, i) => momentIn(i)), ...LONELY]) {
    await createTagViaApi(request, token, { eventId: event.id, timestamp: iso(at) });
  }

  // From the event's tags at desktop, from Highlight creation on the phone.
  await page.goto(isMobile ? `/highlights/create/${event.id}` : `/tags/by-event/${event.id}`);
  const make = page.getByRole('button', { name: 'Make my highlight' });
  await make.click();

  // Before the page leaves: what is left out, and why, with the times as Fenway's clock read them.
  const prompt = page.getByRole('alert').filter({ hasText: 'Not every moment is in this highlight' });
  await expect(prompt).toBeVisible();
  const noClip = prompt.getByRole('list', { name: '2 moments had no clip nearby' });
  await expect(noClip.getByRole('listitem')).toHaveText(['Aug 1, 2026, 2:01:00 PM EDT', 'Aug 1, 2026, 3:30:00 PM EDT']);
  const overCap = prompt.getByRole('list', { name: '1 moment left out: a highlight takes at most 20 clips' });
  await expect(overCap.getByRole('listitem')).toHaveText(['Aug 1, 2026, 2:45:01 PM EDT']);
  await expect(prompt).toContainText('The editor opens with 20 clips of your other moments.');
  const open = prompt.getByRole('button', { name: 'Open the editor' });
  await expect(open).toBeFocused();
  await expect(make).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(isMobile ? `/highlights/create/${event.id}$` : `/tags/by-event/${event.id}$`));
  // Seen whole at 390 px: nothing of it runs off the side.
  const box = await prompt.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);

  // Cancel keeps the page; a second press asks again; going on opens the editor with the 20 clips.
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(make).toBeEnabled();
  await make.click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Open the editor' }).click();
  await page.waitForURL((url) => /^\/editor\/[0-9a-f-]{36}$/.test(url.pathname));
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  await expect(page.getByLabel('In point (seconds) of clip 20')).toBeVisible();
  await expect(page.getByLabel('In point (seconds) of clip 21')).toHaveCount(0);
});
