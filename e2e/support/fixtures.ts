/**
 * The test object every spec imports: one real API server per worker (fresh data dir), with
 * Playwright's baseURL pointed at it. Tests use unique e-mails, so sharing a worker's server is safe.
 */
import { test as base, expect } from '@playwright/test';
import { startServer, type RunningServer, type StartServerOptions } from './server';

export interface WorkerFixtures {
  server: RunningServer;
}

export const test = base.extend<object, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect };

/**
 * For tests that stop, break or inspect their server: a server of the test's own; baseURL points at it. A spec sets
 * how it starts with `testWithOwnServer.use({ ownServerOptions: { … } })`.
 */
export const testWithOwnServer = test.extend<{ ownServer: RunningServer; ownServerOptions: StartServerOptions }>({
  ownServerOptions: [{}, { option: true }],
  ownServer: async ({ ownServerOptions }, use) => {
    const server = await startServer(ownServerOptions);
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
});

let counter = 0;
/** A fresh e-mail address per call, so tests never share a user. */
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Matches anything that looks like a JWT (header.payload.signature, base64url JSON header). */
export const JWT_PATTERN = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
