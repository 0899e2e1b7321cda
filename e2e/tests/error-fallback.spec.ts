import { expect, test, JWT_PATTERN, uniqueEmail } from '../support/fixtures';
import { signInAs } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { breakShareScreenChunk, FALLBACK_BODY, FALLBACK_TITLE } from '../support/errors';
import { goViaMenu } from '../support/shell';
import type { ErrorReport } from '../../src/features/errors/model/errorReport';

// APP BUG (reported): RouteErrorFallback's Try Again re-navigated to the same URL, but react-router kept the rejected
// lazy() promise of the route, so the chunk was never requested again and the fallback stayed (src/app/router.tsx +
// src/features/errors/RouteErrorFallback.tsx) (fixed; kept as a regression test). The fallback's buttons once failed
// the contrast check, hence axe here. Go Home is the shell's own test's (src/features/shell/AppLayout.test.tsx).
test('a screen whose code fails to load shows the fallback, reports it without any token; Refresh Page, and Try Again once the code loads @phone', async ({
  page,
  isMobile,
}) => {
  await signInAs(page, { email: uniqueEmail('unlucky') });
  const userId = await page.evaluate(() => {
    for (const store of [sessionStorage, localStorage]) {
      for (let i = 0; i < store.length; i += 1) {
        const raw = store.getItem(store.key(i)!) ?? '';
        try {
          const id = (JSON.parse(raw) as { user?: { id?: unknown } }).user?.id;
          if (typeof id === 'string' || typeof id === 'number') return String(id);
        } catch {
          /* not JSON */
        }
      }
    }
    return null;
  });
  expect(userId, 'the signed-in user record is in storage').toBeTruthy();

  const restore = await breakShareScreenChunk(page);
  const reportRequest = page.waitForRequest((r) => r.url().endsWith('/api/v1/errors') && r.method() === 'POST');
  await goViaMenu(page, isMobile, 'Share Highlights', '/highlights/share');

  await test.step('the fallback, texts verbatim (docs/product/part-1.md §2), accessible', async () => {
    await expect(page.getByRole('heading', { name: FALLBACK_TITLE })).toBeVisible();
    await expect(page.getByText(FALLBACK_BODY, { exact: true })).toBeVisible();
    for (const name of ['Try Again', 'Refresh Page', 'Go Home']) await expect(page.getByRole('button', { name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  const request = await reportRequest;
  const raw = request.postData() ?? '';
  const report = JSON.parse(raw) as ErrorReport;
  await test.step('the report: the payload of docs/product/part-1.md §3, and nothing that could sign someone in', async () => {
    expect(report.message).toBeTruthy();
    expect(report.url).toContain('/highlights/share');
    expect(report.userId).toBe(userId);
    expect(report.sessionId).toBeTruthy();
    expect(report.sessionId).not.toBe('unknown');
    expect(new Date(report.timestamp).toISOString()).toBe(report.timestamp);
    expect(report.userAgent).toBe(await page.evaluate(() => navigator.userAgent));
    for (const key of ['stack', 'componentStack']) expect(report).toHaveProperty(key);
    expect(raw).not.toMatch(JWT_PATTERN);
    expect(raw).not.toMatch(/bearer/i);
    expect((await request.response())?.ok()).toBe(true);
  });

  await test.step('Report this issue: a mail draft with the message, the URL and the time', async () => {
    const mailto = await page.getByRole('link', { name: 'Report this issue' }).getAttribute('href');
    expect(mailto).toMatch(/^mailto:[^?@]+@[^?]+\?/);
    const params = new URL(mailto!).searchParams;
    expect(params.get('subject')).toBeTruthy();
    const body = params.get('body') ?? '';
    expect(body).toContain(report.message);
    expect(body).toContain(report.url);
    expect(body).toContain(report.timestamp);
    expect(mailto).not.toMatch(JWT_PATTERN);
  });

  await test.step('Refresh Page reloads the page (the code still fails, so the fallback comes back)', async () => {
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Refresh Page' }).click()]);
    await expect(page).toHaveURL((url) => url.pathname === '/highlights/share');
    await expect(page.getByRole('heading', { name: FALLBACK_TITLE })).toBeVisible();
  });

  await test.step('Try Again shows the page once its code can load', async () => {
    await restore();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: FALLBACK_TITLE })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Share Highlights' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/highlights/share');
  });
});

test('a failure before sign-in is reported as anonymous', async ({ page }) => {
  // The login screen's own chunk fails: the fallback shows even without a session.
  await page.route(/\/assets\/login\.[^/]*\.js$/, (route) => route.abort('failed'));
  const reportRequest = page.waitForRequest((r) => r.url().endsWith('/api/v1/errors') && r.method() === 'POST');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: FALLBACK_TITLE })).toBeVisible();
  const report = JSON.parse((await reportRequest).postData() ?? '{}') as ErrorReport;
  expect(report.userId).toBe('anonymous');
  expect(report.url).toContain('/login');
});
