/**
 * Venue time: an event's start is shown on the venue's clock, with the zone named, wherever
 * the viewer's device is. The browser here is in Tokyo; the events are at Fenway Park (America/New_York),
 * one on each side of New York's daylight-saving change, so both EDT and EST are read.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { adminToken } from '../support/session';

test.use({ timezoneId: 'Asia/Tokyo' });

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: unknown) {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${url} → ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

test.describe('Venue time', () => {
  test('event times in Upload Clips are the venue’s, with its zone, seen from a device in Tokyo', async ({
    page,
    baseURL,
    request,
  }) => {
    const tag = `Venue ${Date.now().toString(36)}`;
    const token = await adminToken(baseURL!, uniqueEmail('venue-time-admin'));
    const [fenway] = await api<Array<{ id: string; timezone: string }>>(
      request,
      'GET',
      '/api/v1/locations/search?q=Fenway',
      token,
    );
    expect(fenway?.timezone).toBe('America/New_York');
    // 23:05 UTC on 4 July is 7:05 PM EDT in Boston (8:05 AM the next day in Tokyo);
    // 00:30 UTC on 16 January is 7:30 PM EST on the 15th (9:30 AM on the 16th in Tokyo).
    const summer = { name: `${tag} Summer`, startTime: '2027-07-04T23:05:00.000Z' };
    const winter = { name: `${tag} Winter`, startTime: '2027-01-16T00:30:00.000Z' };
    for (const event of [summer, winter]) {
      await api(request, 'POST', '/api/v1/events', token, {
        ...event,
        sport: 'Baseball',
        endTime: null,
        locationId: fenway!.id,
      });
    }

    await signInAs(page, { email: uniqueEmail('venue-time-viewer') });
    // The device really is in Tokyo: the same instant reads as the next morning there.
    expect(await page.evaluate(() => new Date('2027-07-04T23:05:00.000Z').toLocaleString('en-US', { hour: 'numeric' }))).toBe(
      '8 AM',
    );
    await page.goto('/clips/upload');
    await expect(page.getByRole('heading', { name: 'Upload Clips', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Choose Event' }).click();
    await page.getByRole('textbox', { name: 'Search events' }).fill(tag);
    await page.getByRole('textbox', { name: 'Search events' }).press('Enter');
    const results = page.getByRole('list', { name: 'Search results' });
    const summerResult = results.getByRole('button', { name: new RegExp(summer.name) });
    const winterResult = results.getByRole('button', { name: new RegExp(winter.name) });
    await expect(summerResult).toContainText('Jul 4, 2027, 7:05 PM EDT');
    await expect(winterResult).toContainText('Jan 15, 2027, 7:30 PM EST');
    await expect(results).not.toContainText('Jul 5, 2027');

    await summerResult.click();
    const selected = page.getByRole('group', { name: 'Selected event' });
    await expect(selected).toContainText(summer.name);
    await expect(selected).toContainText('Baseball · Jul 4, 2027, 7:05 PM EDT');
    await expect(selected).toContainText('Fenway Park, Boston, MA');

    // The Upload Summary appears with a picked file; nothing is uploaded.
    await page.getByLabel('Select video files', { exact: true }).setInputFiles({
      name: 'warmup.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('not really a video'),
    });
    const summary = page.getByRole('region', { name: 'Upload Summary' });
    await expect(summary).toContainText(`Event: ${summer.name} · Jul 4, 2027, 7:05 PM EDT · Fenway Park, Boston, MA`);
  });
});
