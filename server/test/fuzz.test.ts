/**
 * Property test: garbage thrown at every route of the API (path params, query strings, bodies, with and without a
 * valid bearer) is answered with a 4xx carrying the envelope, or a 2xx/3xx when it happened to be valid — never a
 * 5xx. Routes come from a hand-kept table that is checked against `app.printRoutes()`, so a new route cannot be
 * forgotten. FUZZ_RUNS (per route, default 150) and FUZZ_SEED reproduce a failure (the seed is in the message).
 */
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { startApp, tempDir, TEST_ADMIN_EMAIL, type TestApp } from './helpers';

type Method = 'GET' | 'POST';
type Auth = 'none' | 'user' | 'admin' | 'garbage';

interface Route {
  method: Method;
  /** As Fastify prints it: `:name` params, `*` wildcard. */
  url: string;
  /** Query keys the route reads (the fuzzer also sends others). */
  query?: string[];
  /** JSON / form fields the route reads. */
  body?: string[];
  /** Answers HTML error pages by design (the stand-in IdP's pages): 4xx other than 421 need not be JSON. */
  html?: boolean;
  /** The call ends or rate-limits its sign-in (logout, refresh): it gets a fresh one each run. */
  consumesSignIn?: boolean;
}

const EVENT_FIELDS = ['name', 'sport', 'startTime', 'endTime', 'locationId'];
const LOCATION_FIELDS = ['name', 'address', 'city', 'state', 'zip', 'latitude', 'longitude'];
const REPORT_FIELDS = ['message', 'stack', 'componentStack', 'timestamp', 'userAgent', 'url', 'userId', 'sessionId'];

/** Every route of the app. The first test fails when this and printRoutes() disagree. */
const ROUTES: Route[] = [
  { method: 'GET', url: '/' },
  { method: 'GET', url: '/index.html' },
  { method: 'GET', url: '/*' },
  { method: 'GET', url: '/idp/style.css' },
  { method: 'GET', url: '/idp/authorize', query: ['state', 'redirect_uri'], html: true },
  {
    method: 'POST',
    url: '/idp/authorize',
    body: ['state', 'redirect_uri', 'provider', 'email'],
    html: true,
  },
  { method: 'GET', url: '/idp/logout', query: ['returnTo'], html: true },
  { method: 'POST', url: '/api/v1/auth/verify/refresh', consumesSignIn: true },
  { method: 'POST', url: '/api/v1/auth/logout', body: ['returnTo'], consumesSignIn: true },
  { method: 'GET', url: '/api/v1/auth/me' },
  { method: 'GET', url: '/api/v1/auth/config' },
  { method: 'GET', url: '/api/v1/auth/:provider/login' },
  { method: 'POST', url: '/api/v1/auth/:provider/callback', body: ['code', 'state', 'iss'] },
  ...['revoke', 'restore', 'delete', 'promote'].map((a): Route => ({
    method: 'POST',
    url: `/api/v1/admin/users/${a}`,
    body: ['email'],
  })),
  { method: 'POST', url: '/api/v1/errors', body: REPORT_FIELDS },
  { method: 'POST', url: '/api/v1/events', body: EVENT_FIELDS },
  { method: 'GET', url: '/api/v1/events', query: ['timeFilter', 'userAssociated', 'page', 'limit', 'days'] },
  { method: 'GET', url: '/api/v1/events/text-search', query: ['q', 'near', 'radius'] },
  { method: 'GET', url: '/api/v1/events/search', query: ['near', 'radius', 'time', 'limit'] },
  { method: 'GET', url: '/api/v1/events/:id' },
  { method: 'GET', url: '/api/v1/events/:id/clips', query: ['page', 'limit', 'userId', 'showAll'] },
  { method: 'POST', url: '/api/v1/locations', body: LOCATION_FIELDS },
  { method: 'GET', url: '/api/v1/locations/search', query: ['q', 'near', 'radius'] },
  { method: 'POST', url: '/api/v1/uploads', body: ['video', 'eventId', 'recordedAt'] },
  { method: 'GET', url: '/api/v1/clips', query: ['page', 'limit'] },
  { method: 'GET', url: '/api/v1/clips/unassociated', query: ['page', 'limit'] },
  { method: 'GET', url: '/api/v1/clips/event/:eventId', query: ['page', 'limit', 'allUsers'] },
  { method: 'GET', url: '/api/v1/clips/:id' },
  { method: 'POST', url: '/api/v1/tags', body: ['timestamp', 'eventId', 'location', 'metadata'] },
  { method: 'GET', url: '/api/v1/tags', query: ['limit', 'offset'] },
  { method: 'GET', url: '/api/v1/tags/events', query: ['page', 'limit'] },
  { method: 'GET', url: '/api/v1/tags/clips/:eventId', query: ['page', 'limit', 'clipLimit'] },
  { method: 'GET', url: '/api/v1/tags/event/:eventId', query: ['page', 'limit', 'clipLimit'] },
  { method: 'GET', url: '/api/v1/places/autocomplete', query: ['input'] },
  { method: 'GET', url: '/api/v1/places/details', query: ['placeId'] },
  { method: 'GET', url: '/api/v1/places/geocode', query: ['address', 'latlng'] },
  { method: 'GET', url: '/api/v1/health' },
  { method: 'GET', url: '/healthz' },
  { method: 'GET', url: '/readyz' },
  { method: 'POST', url: '/api/v1/editor-sessions', body: ['eventId', 'clipIds', 'returnUrl'] },
  { method: 'POST', url: '/api/v1/editor-sessions/:id/credential', body: ['token'] },
  { method: 'GET', url: '/api/v1/editor-sessions/:id' },
  { method: 'POST', url: '/api/v1/editor-sessions/:id/cancel' },
  { method: 'POST', url: '/api/v1/editor-sessions/:id/render', body: ['title', 'clips'] },
  { method: 'GET', url: '/api/v1/highlights', query: ['page', 'limit'] },
  { method: 'GET', url: '/api/v1/highlights/:id' },
  { method: 'GET', url: '/api/v1/highlights/:id/stream-url' },
  { method: 'GET', url: '/api/v1/highlights/:id/download-url' },
  { method: 'POST', url: '/api/v1/highlights/:id/shares', body: ['expiresInDays'] },
  { method: 'GET', url: '/api/v1/highlights/:id/shares' },
  { method: 'GET', url: '/api/v1/shares' },
  { method: 'POST', url: '/api/v1/shares/:shareId/revoke' },
  // The public watch page answers HTML pages (404, 410, 429) by design.
  { method: 'GET', url: '/s/:shareId', html: true },
  // Any other path under /s/: the watch page's 404.
  { method: 'GET', url: '/s/:shareId/*', html: true },
  { method: 'GET', url: '/media/shares/:shareId/:kind', query: ['exp', 'sig'] },
  { method: 'GET', url: '/watch.html' },
  { method: 'GET', url: '/media/clips/:id/:kind', query: ['exp', 'sig'] },
  { method: 'GET', url: '/media/editor/:session/clips/:id/:kind', query: ['exp', 'sig'] },
  { method: 'GET', url: '/media/highlights/:id/:kind', query: ['exp', 'sig'] },
  { method: 'GET', url: '/editor/:id', query: ['token'], html: true },
  { method: 'GET', url: '/editor.html' },
  { method: 'GET', url: '/maps/places-standin.js', query: ['callback'] },
];

/** `METHOD url` for every route in Fastify's tree print-out (HEAD is added by Fastify for each GET). */
function routesFromPrint(printed: string): Set<string> {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^(.*?)[└├]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.round([...(m[1] ?? '')].length / 4);
    stack.length = depth;
    const prefix = stack.join('');
    // find-my-way prints a wildcard after a parameter (`/s/:shareId/*`) without its slash: `s/:shareId` → `*`.
    stack[depth] = m[2] === '*' && prefix !== '' && !prefix.endsWith('/') ? '/*' : (m[2] ?? '');
    const url = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD') found.add(`${method} ${url}`);
    }
  }
  return found;
}

// ---------- generators ----------

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y',
  '\ufeff',
  '\u202e',
  '1e309',
  '-1e309',
  '1e-320',
  'NaN',
  'Infinity',
  '-0',
  '0x1F',
  '9'.repeat(400),
  '41.9,-87.6',
  '1e-320,1e309',
  // Valid values of the listing parameters, so that garbage elsewhere meets real queries.
  'true',
  'recent',
  'current',
  'upcoming',
  '1000000',
  '12500',
  ',',
  '0000-01-01T00:00:00Z',
  '+10000-01-01T00:00:00Z',
  // The ends of the storable range: valid input whose computed neighbours (e.g. time − 3 h) are not storable.
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59-01:00',
  '2030-05-01T18:00:00Z',
  '2030-02-30T25:61:00Z',
  '------------------------------------',
  '00000000-0000-0000-0000-000000000000',
  'venue-lambeau',
  'video',
  'thumbnail',
  'poster',
  // Shaped like a share link id (docs/api.md "Share links").
  'AbCdEfGhIjKlMnOpQrStUv-_',
  'local',
  '/login',
  '//evil.example/x',
  'http://localhost/login',
  '__proto__',
  'constructor',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  'a@example.com',
  'x'.repeat(5_000),
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD's bytes). */
function encode(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A URL piece: encoded garbage, or raw sequences that are not valid percent-encoding or UTF-8. */
const urlPiece = fc.oneof(
  { weight: 4, arbitrary: nastyString.map(encode) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%FF%FE', '%00', '%E0%A4%A', '..', '%2e%2e', '%2F', '[]', '+'),
  },
);

const jsonLeaf = fc.oneof(
  nastyString,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

function queryOf(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...keys, 'q') }, { weight: 1, arbitrary: urlPiece });
  const pair = fc.oneof(
    fc.tuple(key, urlPiece).map(([k, v]) => `${k}=${v}`),
    key, // key without value
    fc.tuple(key, urlPiece).map(([k, v]) => `${k}[]=${v}`),
    fc.tuple(key, urlPiece).map(([k, v]) => `${k}[a][b]=${v}`),
  );
  // Repeated keys come from the array itself (the same key drawn twice).
  return fc.array(pair, { maxLength: 6 }).map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

function bodyOf(fields: string[]): fc.Arbitrary<Body> {
  const known = fields.length ? fields : ['x'];
  const fieldName = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: nastyString });
  const object = fc.dictionary(fieldName, jsonLeaf, { maxKeys: 6 });
  const json = (v: unknown): Body => ({ contentType: 'application/json', payload: JSON.stringify(v) });
  const boundary = fc.constantFrom('XyZ', '', '"', 'a b', '-'.repeat(80), '\u00e9');
  const multipart = fc
    .tuple(boundary, fc.constantFrom('XyZ', 'other'), fieldName, nastyString, nastyString, fc.boolean())
    .map(([declared, used, name, filename, content, truncate]): Body => {
      let text =
        `--${used}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        `Content-Type: video/mp4\r\n\r\n${content}\r\n`;
      if (!truncate) text += `--${used}--\r\n`;
      return { contentType: `multipart/form-data; boundary=${declared}`, payload: Buffer.from(text, 'utf8') };
    });
  return fc.oneof(
    fc.constant<Body>({}),
    object.map(json),
    fc.jsonValue({ maxDepth: 3 }).map(json),
    // Numbers JSON.stringify cannot write: sent as raw text.
    fc
      .tuple(fc.constantFrom(...known), fc.constantFrom('1e309', '-1e309', '1e-320', '-0', '123456789012345678901234567890'))
      .map(([k, n]): Body => ({ contentType: 'application/json', payload: `{"${k}":${n}}` })),
    nastyString.map((s): Body => ({ contentType: 'application/json', payload: s })),
    fc.constant<Body>({ contentType: 'application/json', payload: '' }),
    nastyString.map((s): Body => ({ contentType: 'text/plain', payload: s })),
    fc.array(fc.tuple(fieldName, nastyString), { maxLength: 5 }).map((pairs): Body => ({
      contentType: 'application/x-www-form-urlencoded',
      payload: pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'),
    })),
    multipart,
    fc.uint8Array({ maxLength: 64 }).map((b): Body => ({ contentType: 'application/octet-stream', payload: Buffer.from(b) })),
    fc.uint8Array({ maxLength: 64 }).map((b): Body => ({ contentType: 'application/json', payload: Buffer.from(b) })),
  );
}

/** The route's URL with each `:param` / `*` replaced by generated garbage. */
function pathOf(template: string): fc.Arbitrary<string> {
  const holes = template.split('/').filter((s) => s.startsWith(':') || s === '*').length;
  return fc.array(urlPiece, { minLength: holes, maxLength: holes }).map((pieces) => {
    let i = 0;
    return template
      .split('/')
      .map((s) => (s.startsWith(':') || s === '*' ? (pieces[i++] ?? '') : s))
      .join('/');
  });
}

// ---------- the app under test ----------

let t: TestApp;
let distDir: string;
let host: string;
let userToken = '';
let adminToken = '';

/** The stand-in's sign-in; the admin is the test server's ADMIN_EMAILS (TEST_ADMIN_EMAIL). */
async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const form = new URLSearchParams({ state: 'fuzz', redirect_uri: '/login', provider: 'google', email });
  const auth = await app.inject({
    method: 'POST',
    url: '/idp/authorize',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const code = new URL(String(auth.headers.location), 'http://x').searchParams.get('code');
  assert.ok(code, `sign-in failed: ${auth.statusCode} ${auth.body.slice(0, 200)}`);
  const cb = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/local/callback',
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify({ code }),
  });
  const token = (cb.json() as { data?: { token?: string } }).data?.token;
  assert.ok(token, `callback failed: ${cb.statusCode}`);
  return token;
}

let disposable = 0;
async function tokenFor(route: Route, auth: Auth): Promise<string | null> {
  if (auth === 'none') return null;
  if (auth === 'garbage') return 'eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJ4In0.';
  if (route.consumesSignIn) {
    return signIn(t.app, auth === 'admin' ? TEST_ADMIN_EMAIL : `fuzz-disposable-${(disposable += 1)}@example.com`);
  }
  return auth === 'admin' ? adminToken : userToken;
}

function isEnvelope(body: string): boolean {
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    return (
      j.success === false &&
      typeof j.error === 'string' &&
      typeof j.code === 'string' &&
      'details' in j &&
      (j.details === null || typeof j.details === 'object')
    );
  } catch {
    return false;
  }
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

describe('fuzz: garbage at every route is a 4xx with the envelope, never a 5xx', () => {
  before(async () => {
    distDir = await tempDir('courtside-fuzz-dist-');
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><title>x</title>',
    );
    await writeFile(
      path.join(distDir, 'editor.html'),
      '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><title>editor</title>',
    );
    await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log(1);\n');
    t = await startApp({ distDir });
    // The Host the app accepts (the public origin); requests for other hosts are refused with 421.
    const candidates = ['localhost:80', 'localhost', 'localhost:3000', '127.0.0.1'];
    for (const candidate of candidates) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: candidate } });
      if (res.statusCode === 200) {
        host = candidate;
        break;
      }
    }
    assert.ok(host, `GET /api/v1/health answered 200 for none of the hosts ${candidates.join(', ')}`);
    userToken = await signIn(t.app, 'fuzz-user@example.com');
    adminToken = await signIn(t.app, TEST_ADMIN_EMAIL);
  });
  after(async () => {
    await t?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  test('the route table lists exactly the routes the app has', () => {
    const printed = routesFromPrint(t.app.printRoutes({ commonPrefix: false }));
    const table = new Set(ROUTES.map((r) => `${r.method} ${r.url}`));
    assert.ok(printed.size > 10, `could not read routes from printRoutes():\n${t.app.printRoutes({ commonPrefix: false })}`);
    assert.deepEqual(
      { missingFromTable: [...printed].filter((r) => !table.has(r)), notInApp: [...table].filter((r) => !printed.has(r)) },
      { missingFromTable: [], notInApp: [] },
    );
  });

  for (const route of ROUTES) {
    test(`${route.method} ${route.url}`, async () => {
      const request = fc.record({
        method: route.method === 'GET' ? fc.constantFrom('GET', 'GET', 'GET', 'HEAD') : fc.constant(route.method),
        path: pathOf(route.url),
        query: queryOf(route.query ?? []),
        body: route.method === 'GET' ? fc.constant<Body>({}) : bodyOf(route.body ?? []),
        auth: fc.constantFrom<Auth>('none', 'user', 'admin', 'garbage'),
        frontend: fc.boolean(),
        // Mostly the real origin; sometimes a forged or broken Host.
        host: fc.oneof(
          { weight: 9, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: fc.constantFrom('evil.example', 'localhost:1', '[::1]:80') },
        ),
      });
      const property = fc.asyncProperty(request, async (r) => {
        const token = await tokenFor(route, r.auth);
        const headers: Record<string, string> = { host: r.host || host, accept: 'application/json' };
        if (token) headers.authorization = `Bearer ${token}`;
        if (r.frontend) headers['x-frontend-client'] = 'true';
        if (r.body.contentType) headers['content-type'] = r.body.contentType;
        const url = `${r.path}${r.query}`;
        const res = await t.app.inject({
          method: r.method as 'GET' | 'HEAD' | 'POST',
          url,
          headers,
          ...(r.body.payload === undefined ? {} : { payload: r.body.payload }),
        });
        // Tokens are never printed: the failure names the kind of auth, not its value.
        const sent = `${r.method} ${url.length > 300 ? `${url.slice(0, 300)}…` : url} (auth: ${r.auth}, host: ${headers.host}, content-type: ${r.body.contentType ?? '-'}, body: ${String(r.body.payload ?? '').slice(0, 120)})`;
        assert.ok(res.statusCode < 500, `${sent} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        const htmlAllowed = route.html && res.statusCode !== 421;
        if (res.statusCode >= 400 && r.method !== 'HEAD' && !htmlAllowed) {
          assert.ok(isEnvelope(res.body), `${sent} → ${res.statusCode} without the envelope: ${res.body.slice(0, 300)}`);
        }
      });
      const run = await fc.check(property, { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });
      // fast-check's own report has the seed and the shrunk input; the assertion's message says what came back.
      if (run.failed) assert.fail(`${fc.defaultReportMessage(run)}\n${String(run.errorInstance)}`);
    });
  }
});
