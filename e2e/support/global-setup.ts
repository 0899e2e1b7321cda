import { CHROMIUM_PATH } from './chromium';
import { existsSync } from 'node:fs';
import { assertAppBuilt } from './server';

/** Fail fast, before any worker starts a server, when the app is not built or Chromium is missing. */
export default function globalSetup(): void {
  assertAppBuilt();
  const chromium = CHROMIUM_PATH;
  if (!existsSync(chromium)) {
    throw new Error(
      `\n\nChromium not found at ${chromium}.\nInstall it with "sudo apt-get install -y chromium" (Debian) or set CHROMIUM_PATH.\n`,
    );
  }
}
