import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * Browser tests against the real local API (started per worker by e2e/support/fixtures.ts) and
 * the production build in dist/. Debian's Chromium is used; never `npx playwright install`.
 */
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // No retries, on CI too: a flaky test is fixed at its cause, not retried until it passes.
  retries: 0,
  timeout: 45_000,
  // 15 s, not 7: on a busy machine a tab's first, cold load of the app can take longer than 7 s before its
  // screen shows (docs/performance.md "The machine's pace"). A passing expectation is not slowed by it.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    // Overridden per worker by the `server` fixture (the port is only known once it is started).
    baseURL: 'http://127.0.0.1:0',
    // CI used to record a trace on the retry; without retries it keeps the trace of each failure instead.
    trace: process.env.CI ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'America/Chicago',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        isMobile: false,
        hasTouch: false,
      },
    },
    {
      // At 390 px, one user's path per screen: the tests with @phone in their title (docs/decisions.md "Testing").
      name: 'mobile',
      grep: /@phone/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7'].userAgent,
      },
    },
  ],
});
