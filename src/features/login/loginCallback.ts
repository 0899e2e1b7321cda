/** What the /login URL carries when the browser comes back (spec part 1 §4 Login). */
export type LoginReturn =
  | { kind: 'none' }
  | { kind: 'logout' }
  | { kind: 'providerError'; message: string }
  | { kind: 'callback'; code: string; state: string | null }
  | { kind: 'invalid' };

/**
 * Logout callback markers: logout=success, a provider-named `{provider}_logout=true`, or any URL
 * containing 'logout'. A code must be a non-empty string.
 */
export function parseLoginReturn(search: string, providerName: string): LoginReturn {
  const params = new URLSearchParams(search);
  if (
    params.get('logout') === 'success' ||
    params.get(`${providerName}_logout`) === 'true' ||
    decodeURIComponent(search).toLowerCase().includes('logout')
  ) {
    return { kind: 'logout' };
  }
  const providerError = params.get('error_description') ?? params.get('error');
  if (providerError) return { kind: 'providerError', message: providerError };
  if (!params.has('code')) return { kind: 'none' };
  const code = params.get('code') ?? '';
  if (code.trim() === '') return { kind: 'invalid' };
  return { kind: 'callback', code, state: params.get('state') };
}

/** The `state` the provider must send back, read from the authUrl we were given. */
export function stateOfAuthUrl(authUrl: string): string | null {
  try {
    return new URL(authUrl).searchParams.get('state');
  } catch {
    return null;
  }
}
