/**
 * Highlights list and viewer (docs/product/part-2.md §2 "Highlights list", "Highlight viewer") at desktop and 390 px,
 * where no rendered video is needed: a new user's empty list after a cancelled edit, and a highlight that does not
 * exist. A rendered highlight is listed, played, seeked and downloaded in share-journey.spec.ts.
 */
import type { Page } from '@playwright/test';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test, uniqueEmail } from '../support/fixtures';

async function expectAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
}

test.describe('Highlights list and viewer', () => {
  test('an unknown highlight, a cancelled edit, and the empty list @phone', async ({ page }) => {
    // Back from the editor after Cancel (the app's first load in the tab): a note, the parameters gone; nothing yet:
    // the empty state.
    await signInAs(page, {
      email: uniqueEmail('hl-empty'),
      path: '/highlights/view?editing_session=4b0d3c1e-2f9a-4c55-9d3e-0a6c1f2b7e11',
    });
    await expect(page.getByRole('status').filter({ hasText: 'Editing cancelled' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/highlights/view' && url.search === '');
    await expect(page.getByText(/No highlights yet/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Main Menu' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expectAccessible(page);

    // A highlight that does not exist.
    await page.goto('/highlight/view/9d0c4a55-1111-4222-8333-944455556666');
    await expect(page.getByText('Highlight not found or video unavailable')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to My Highlights' }).click();
    await page.waitForURL((url) => url.pathname === '/highlights/view');
  });
});
