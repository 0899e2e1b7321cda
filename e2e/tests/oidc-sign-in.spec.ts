/**
 * Sign-in through a hosted OpenID Connect provider: a real one (oidc-provider, server/dev/oidcProvider.ts) on this
 * machine, the app's server its registered client (OIDC_ISSUER, IDP_NAME=keycloak, ADMIN_EMAILS). The person
 * presses Sign in, signs in and consents on the provider's own pages, and is back in the app with a member's menus;
 * logging out ends the provider's session too. That an address in ADMIN_EMAILS signs in as an admin is
 * server/test/oidc.test.ts's, and the menus an admin sees are the shell's Jest tests'.
 */
import type { Page } from '@playwright/test';
import { expect, test as base, uniqueEmail } from '../support/fixtures';
import { startOidcProvider, type RunningOidcProvider } from '../../server/dev/oidcProvider';
import { startServer, type RunningServer } from '../support/server';
import { openAccountMenu, openMainMenu, waitForScreen } from '../support/shell';
import { freePort } from '../../scripts/support/net';

const CLUB_ADMIN = 'club-admin@club.example';

const test = base.extend<object, { hosted: { server: RunningServer; provider: RunningOidcProvider } }>({
  hosted: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const provider = await startOidcProvider({
        clients: [
          {
            client_id: 'courtside-e2e',
            client_secret: 'courtside-e2e-secret',
            redirect_uris: [`${origin}/login`],
            post_logout_redirect_uris: [`${origin}/login?logout=success`],
          },
        ],
      });
      const server = await startServer({
        port,
        env: {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: 'courtside-e2e',
          OIDC_CLIENT_SECRET: 'courtside-e2e-secret',
          IDP_NAME: 'keycloak',
          ADMIN_EMAILS: CLUB_ADMIN,
        },
      });
      try {
        await use({ server, provider });
      } finally {
        await server.stop();
        await provider.close();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ hosted }, use) => {
    await use(hosted.server.baseURL);
  },
});

/** From a signed-out browser: '/' → /login → Sign in → the provider's login and consent pages → back on '/'. */
async function signInAtProvider(page: Page, login: string, issuer: string): Promise<void> {
  await page.goto('/');
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === issuer);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await waitForScreen(page);
}

test.describe('Sign-in through a hosted OpenID Connect provider', () => {
  test("a member signs in on the provider's pages, sees a member's menus, and logging out ends the provider's session", async ({
    page,
    isMobile,
    hosted,
  }) => {
    const email = uniqueEmail('hosted-member');
    await signInAtProvider(page, email, hosted.provider.issuer);
    const menu = await openAccountMenu(page);
    await expect(menu.getByText(email, { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Billing', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const nav = await openMainMenu(page, isMobile);
    await expect(nav.getByRole('list', { name: 'Clips' })).toBeVisible();
    await expect(nav.getByRole('list', { name: 'Locations' })).toHaveCount(0);
    if (isMobile) await page.keyboard.press('Escape');

    const account = await openAccountMenu(page);
    await account.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.origin === hosted.provider.issuer);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && !url.search.includes('code='));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The provider's session ended: signing in again asks for the login once more.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
  });
});
