import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const API = (path: string) => `${window.location.origin}/api/v1/${path}`;

/**
 * The API faked at the network edge; a request nobody handles fails the test. The one answer every test shares:
 * the identity provider's name the server is configured with (the local stand-in's).
 */
export const apiServer = setupServer(
  http.get(API('auth/config'), () => HttpResponse.json({ success: true, data: { provider: 'local' } })),
);

export function setupApiServer(): void {
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => apiServer.resetHandlers());
  afterAll(() => apiServer.close());
}
