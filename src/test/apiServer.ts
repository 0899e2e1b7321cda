import { setupServer } from 'msw/node';

/** The API faked at the network edge; a request nobody handles fails the test. */
export const apiServer = setupServer();

export const API = (path: string) => `${window.location.origin}/api/v1/${path}`;

export function setupApiServer(): void {
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => apiServer.resetHandlers());
  afterAll(() => apiServer.close());
}
