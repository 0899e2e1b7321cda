import { CHROMIUM_PATH } from './chromium';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { assertAppBuilt, DB_TEMPLATE_ENV, REPO_ROOT } from './server';

/**
 * Fail fast, before any worker starts a server, when the app is not built or Chromium is missing. Then make the
 * empty database every test server starts from: initdb in WebAssembly is seconds of CPU per server otherwise.
 * Workers get it through the environment, which Playwright passes on from global setup.
 */
export default function globalSetup(): void {
  assertAppBuilt();
  process.env[DB_TEMPLATE_ENV] = execFileSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['e2e/support/dbTemplateMain.ts'],
    { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ).trim();
  const chromium = CHROMIUM_PATH;
  if (!existsSync(chromium)) {
    throw new Error(
      `\n\nChromium not found at ${chromium}.\nInstall it with "sudo apt-get install -y chromium" (Debian) or set CHROMIUM_PATH.\n`,
    );
  }
}
