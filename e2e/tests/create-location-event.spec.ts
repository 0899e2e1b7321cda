import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { goViaMenu } from '../support/shell';

/** The admin's bearer token, read where the app keeps it (tab storage, 'courtside.auth'). */
async function bearerOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => sessionStorage.getItem('courtside.auth'));
  const token = raw ? (JSON.parse(raw) as { token?: string }).token : undefined;
  expect(token, 'the signed-in admin has a token in tab storage').toBeTruthy();
  return token ?? '';
}

test.describe('Admin creates a location and an event there', () => {
  test('Add Location from the menu: search, preview, save; then Add Event at that venue tonight @phone', async ({
    page,
    isMobile,
  }, testInfo) => {
    await signInAs(page, { email: uniqueEmail('venue-admin'), admin: true });

    // Add Location, through the menu the way an admin gets there.
    await goViaMenu(page, isMobile, 'Add Location', '/location/add');
    await expect(page.getByRole('heading', { name: 'Add Location', level: 1 })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save Location' });
    await expect(save).toBeDisabled();

    const search = page.getByRole('combobox', { name: 'Search for a place' });
    await expect(search).toBeEnabled();
    await search.pressSequentially('Wrigley');
    await page.getByRole('option', { name: /Wrigley Field/ }).click();

    const preview = page.getByRole('region', { name: 'Wrigley Field' });
    await expect(preview).toContainText('1060 W Addison St, Chicago, IL 60613');
    await expect(preview).toContainText('41.948438, -87.655333');
    await expect(save).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    await save.click();
    await expect(page.getByText('Location "Wrigley Field" saved successfully!')).toBeVisible();
    await expect(search).toHaveValue('');
    await expect(save).toBeDisabled();

    // Add Event: an empty submit is refused first.
    await goViaMenu(page, isMobile, 'Add Event', '/event/create');
    await expect(page.getByRole('heading', { name: 'Add Event', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();

    const name = `Tonight at Wrigley ${testInfo.project.name} ${Date.now().toString(36)}`;
    const tonight = DateTime.now().setZone('America/Chicago').set({ hour: 19, minute: 30, second: 0, millisecond: 0 });
    await page.getByRole('textbox', { name: 'Event Name' }).fill(name);
    await page.getByRole('combobox', { name: 'Sport' }).fill('Baseball');
    await page.getByLabel('Start Time').fill(tonight.toFormat("yyyy-LL-dd'T'HH:mm"));

    await page.getByRole('textbox', { name: 'Search locations' }).fill('Wrigley');
    await page.getByRole('textbox', { name: 'Search locations' }).press('Enter');
    const results = page.getByRole('list', { name: 'Locations found' });
    await expect(results).toContainText('America/Chicago');
    await results
      .getByRole('button', { name: /Wrigley Field/ })
      .first()
      .click();
    await expect(page.getByText('Selected: Wrigley Field')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(page.getByText('Event created successfully!')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Event Name' })).toHaveValue('');
    await expect(page.getByText(/^Selected:/)).toHaveCount(0);

    // The server holds the entered Chicago wall time as UTC.
    const response = await page.request.get(`/api/v1/events/text-search?q=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${await bearerOf(page)}` },
    });
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { data: Array<{ name: string; startTime: string; endTime: string | null }> };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.name).toBe(name);
    expect(new Date(body.data[0]!.startTime).toISOString()).toBe(tonight.toUTC().toISO());
    expect(body.data[0]!.endTime).toBeNull();
  });
});
