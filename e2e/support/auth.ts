/**
 * Signing in the way a user does: the app's Sign in button, the local API's stand-in identity
 * provider page (server/routes/idp.ts: radio "Google"/"Apple", "Email", "Administrator", "Continue"),
 * and back to the app on '/'.
 */
import { expect, type Page } from '@playwright/test';

export interface SignInOptions {
  email: string;
  admin?: boolean;
  keepSignedIn?: boolean;
  provider?: 'Google' | 'Apple';
}

/** On the app's login screen: tick "Keep me signed in" if asked, press Sign in, fill the IdP form. */
export async function signInFromLoginPage(page: Page, opts: SignInOptions): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  if (opts.keepSignedIn) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillProviderForm(page, opts);
}

/** The stand-in provider's page (/idp/authorize). */
export async function fillProviderForm(page: Page, opts: SignInOptions): Promise<void> {
  await page.waitForURL(/\/idp\/authorize/);
  await expect(page.getByRole('heading', { name: /Sign in to/ })).toBeVisible();
  await page.getByRole('radio', { name: opts.provider ?? 'Google' }).check();
  await page.getByLabel('Email').fill(opts.email);
  const admin = page.getByRole('checkbox', { name: 'Administrator' });
  if (opts.admin) await admin.check();
  else await admin.uncheck();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The full user path from a signed-out browser: '/' → guard → /login → provider → '/'. */
export async function signIn(page: Page, opts: SignInOptions): Promise<void> {
  await page.goto('/');
  await page.waitForURL('**/login');
  await signInFromLoginPage(page, opts);
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
}

/** The name the app shows for a user: the e-mail prefix (docs/product/part-1.md §3). */
export function displayNameOf(email: string): string {
  return email.split('@')[0] ?? email;
}
