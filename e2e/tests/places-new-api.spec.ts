/**
 * Places for keys made today: Google keys created since March 2025 cannot enable the legacy Places
 * service, which then answers REQUEST_DENIED. Add Location falls back to the new Places API behind the same search.
 * The stand-in maps script implements both; `window.__courtsidePlacesStandin = { denyLegacyPlaces: true }`, set
 * before the page loads, makes its legacy service deny as Google's does.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { goViaMenu } from '../support/shell';

interface PlacesCalls {
  legacyPredictions: number;
  legacyDetails: number;
  newSuggestions: number;
  newDetails: number;
}

/** Counts the calls to each API of the loaded maps script, by wrapping its methods in the page. */
async function countPlacesCalls(page: Page): Promise<() => Promise<PlacesCalls>> {
  await page.evaluate(() => {
    type Method = (...args: unknown[]) => unknown;
    type Owner = Record<string, Method>;
    const pageWindow = window as unknown as {
      google: { maps: { places: Record<string, Owner & { prototype: Owner }> } };
      __placesCalls: Record<string, number>;
    };
    const places = pageWindow.google.maps.places;
    const calls: Record<string, number> = {};
    pageWindow.__placesCalls = calls;
    const count = (owner: Owner, name: string, key: string) => {
      const original = owner[name]!;
      calls[key] = 0;
      owner[name] = function (this: unknown, ...args: unknown[]) {
        calls[key] = (calls[key] ?? 0) + 1;
        return original.apply(this, args);
      };
    };
    count(places.AutocompleteService!.prototype, 'getPlacePredictions', 'legacyPredictions');
    count(places.PlacesService!.prototype, 'getDetails', 'legacyDetails');
    count(places.AutocompleteSuggestion!, 'fetchAutocompleteSuggestions', 'newSuggestions');
    count(places.Place!.prototype, 'fetchFields', 'newDetails');
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { __placesCalls: PlacesCalls }).__placesCalls }));
}

async function openAddLocation(page: Page, isMobile: boolean) {
  await signInAs(page, { email: uniqueEmail('places-admin'), admin: true });
  await goViaMenu(page, isMobile, 'Add Location', '/location/add');
  await expect(page.getByRole('heading', { name: 'Add Location', level: 1 })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search for a place' });
  await expect(search).toBeEnabled();
  return search;
}

test.describe('Add Location with a key that cannot use the legacy Places service', () => {
  test('suggestions and the picked place come from the new Places API; the legacy service is asked once', async ({
    page,
    isMobile,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { __courtsidePlacesStandin: unknown }).__courtsidePlacesStandin = { denyLegacyPlaces: true };
    });
    const search = await openAddLocation(page, isMobile);
    const calls = await countPlacesCalls(page);

    await search.pressSequentially('Lamb');
    await expect(page.getByRole('option', { name: /Lambeau Field/ })).toBeVisible();
    await expect(page.getByText('Error fetching place suggestions')).toHaveCount(0);
    const first = await calls();
    expect(first.legacyPredictions).toBe(1);
    expect(first.newSuggestions).toBeGreaterThanOrEqual(1);

    // Every search after the denial goes straight to the new API.
    await search.pressSequentially('eau');
    await expect.poll(async () => (await calls()).newSuggestions).toBeGreaterThan(first.newSuggestions);
    expect((await calls()).legacyPredictions).toBe(1);
    const option = page.getByRole('option', { name: /Lambeau Field/ });
    await expect(option).toContainText('1265 Lombardi Ave, Green Bay, WI 54304, USA');
    await option.click();

    const preview = page.getByRole('region', { name: 'Lambeau Field' });
    await expect(preview).toContainText('1265 Lombardi Ave, Green Bay, WI 54304, USA');
    await expect(preview).toContainText('44.501300, -88.062200');
    await expect(search).toHaveValue(/^Lambeau Field, 1265 Lombardi Ave/);
    expect(await calls()).toMatchObject({ legacyPredictions: 1, legacyDetails: 0, newDetails: 1 });

    // What is saved carries the new API's address parts.
    const save = page.getByRole('button', { name: 'Save Location' });
    await expect(save).toBeEnabled();
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/locations');
    await save.click();
    expect((await posted).postDataJSON()).toEqual({
      name: 'Lambeau Field',
      address: '1265 Lombardi Ave, Green Bay, WI 54304, USA',
      city: 'Green Bay',
      state: 'WI',
      zip: '54304',
      latitude: 44.5013,
      longitude: -88.0622,
    });
    await expect(page.getByText('Location "Lambeau Field" saved successfully!')).toBeVisible();
    await expect(search).toHaveValue('');
  });
});
