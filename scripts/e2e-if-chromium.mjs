// Runs the browser tests when a Chromium is installed; otherwise says so loudly and succeeds,
// so `npm test` still works on a machine without a browser.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  const line = '!'.repeat(72);
  console.warn(
    [
      '',
      line,
      '!!  BROWSER TESTS SKIPPED: Chromium is missing',
      `!!  (looked for ${chromium}; set CHROMIUM_PATH to use another binary).`,
      '!!',
      '!!  Install it (Debian):   sudo apt-get install -y chromium',
      '!!  then run:              npm run test:e2e',
      '!!',
      '!!  Do not use "npx playwright install": the tests drive the system Chromium.',
      line,
      '',
    ].join('\n'),
  );
  process.exit(0);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['run', 'test:e2e'], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
if (result.error) {
  console.error(`Could not run "npm run test:e2e": ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
