import { normaliseState } from './pendingLogin';

/** What the /login URL carries when the browser comes back (docs/product/part-1.md §4 Login). */
export type LoginReturn =
  | { kind: 'none' }
  | { kind: 'logout' }
  | { kind: 'providerError'; message: string }
  | { kind: 'callback'; code: string; state: string | null; iss?: string }
  | { kind: 'invalid' };

/** A query parameter as written (`raw`) and decoded; `value` is null when its escapes are malformed. */
interface Param {
  raw: string;
  value: string | null;
}

function strictDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null; // a malformed escape such as %E0%A4%A
  }
}

/** Decodes what can be decoded and leaves malformed escapes as they are written. Never throws. */
export function lenientDecode(text: string): string {
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const whole = strictDecode(run);
    if (whole !== null) return whole;
    // A broken multi-byte sequence: keep it, but still read the plain ASCII escapes around it.
    return run.replace(/%[0-7][0-9A-Fa-f]/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  });
}

/**
 * Reads a query string without ever throwing, whatever the address holds: each parameter keeps every
 * occurrence, and one whose escapes are malformed is marked so instead of being guessed at.
 */
export function readQuery(search: string): Map<string, Param[]> {
  const params = new Map<string, Param[]>();
  const body = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = lenientDecode(at < 0 ? pair : pair.slice(0, at));
    const raw = at < 0 ? '' : pair.slice(at + 1);
    params.set(name, [...(params.get(name) ?? []), { raw, value: strictDecode(raw) }]);
  }
  return params;
}

/** The one value of `name`: undefined when absent, null when malformed or given more than once. */
function single(params: Map<string, Param[]>, name: string): string | null | undefined {
  const all = params.get(name);
  if (!all) return undefined;
  return all.length === 1 ? (all[0]?.value ?? null) : null;
}

/** Text to show (a provider's error): decoded where it can be, as written where it cannot. */
function shown(params: Map<string, Param[]>, name: string): string | null {
  const first = params.get(name)?.[0];
  if (!first) return null;
  return first.value ?? lenientDecode(first.raw);
}

/**
 * Logout callback markers: logout=success, a provider-named `{provider}_logout=true` (any provider's name), or any
 * URL containing 'logout'. A code must be a non-empty string; a code or state with malformed escapes, or
 * given twice, makes the return invalid. Other parameters (`next`, say) are not read: after sign-in
 * the app always goes to / (docs/product/part-1.md §2). Never throws.
 */
export function parseLoginReturn(search: string): LoginReturn {
  const params = readQuery(search);
  if (
    single(params, 'logout') === 'success' ||
    [...params.keys()].some((name) => name.endsWith('_logout') && single(params, name) === 'true') ||
    lenientDecode(search).toLowerCase().includes('logout')
  ) {
    return { kind: 'logout' };
  }
  const providerError = shown(params, 'error_description') || shown(params, 'error');
  if (providerError) return { kind: 'providerError', message: providerError };
  if (!params.has('code')) return { kind: 'none' };
  const code = single(params, 'code');
  const state = single(params, 'state');
  const iss = single(params, 'iss');
  if (typeof code !== 'string' || code.trim() === '' || state === null || iss === null) return { kind: 'invalid' };
  // The issuer the provider named (RFC 9207), passed on for the server to check.
  return { kind: 'callback', code, state: normaliseState(state ?? null), ...(iss ? { iss } : {}) };
}

/** The `state` the provider must send back, read from the authUrl we were given; null when it has none. */
export function stateOfAuthUrl(authUrl: string): string | null {
  try {
    return normaliseState(new URL(authUrl).searchParams.get('state'));
  } catch {
    return null;
  }
}
