import { expect, test, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { breakShareScreenChunk, FALLBACK_TITLE } from '../support/errors';
import { openAccountMenu, openMainMenu } from '../support/shell';

test.describe('Accessibility (axe: no serious or critical violations)', () => {
  test('landing page, signed in (also with the menu and account menu open) @phone', async ({ page, isMobile }) => {
    await signInAs(page, { email: uniqueEmail('axe'), admin: true });
    await expect(page.getByRole('img', { name: /stadium/i })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await openMainMenu(page, isMobile);
    await expectNoSeriousA11yViolations(page);
    if (isMobile) await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await openAccountMenu(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('Share Highlights with nothing shared yet', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('axeplace'), path: '/highlights/share' });
    await expect(page.getByRole('heading', { level: 1, name: 'Share Highlights' })).toBeVisible();
    await expect(page.getByText('You have not shared any highlights yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('not-found page', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('axelost'), path: '/nowhere/at/all' });
    await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  // APP BUG (reported): the fallback's outlined buttons (Refresh Page, Go Home) and the text button
  // 'Report this issue' use the brand green #8cc641 on white: contrast 2.04:1, WCAG AA needs 4.5:1
  // (fixed; kept as a regression test)
  test('error fallback', async ({ page }) => {
    await signInAs(page, { email: uniqueEmail('axeerr') });
    await breakShareScreenChunk(page);
    await page.goto('/highlights/share');
    await expect(page.getByRole('heading', { name: FALLBACK_TITLE })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
