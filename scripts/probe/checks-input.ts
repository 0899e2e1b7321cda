/** Hole 6: bad input is a 4xx with the envelope, never a 5xx. One line per kind of garbage. */
import { bearer } from './client';
import type { Probe } from './context';
import { describe, isEnvelope, rawExchange, type Req } from './http';
import { expect, type Check } from './runner';

type Who = 'user' | 'admin' | 'none';
/** '4xx': must be refused with the envelope. 'not5xx': may also be accepted (the input happens to be valid). */
type Want = '4xx' | 'not5xx';

interface Case {
  label: string;
  who: Who;
  want: Want;
  req: Req;
}

const get = (path: string, who: Who = 'user', want: Want = '4xx'): Case => ({ label: `GET ${path}`, who, want, req: { path } });

/** A JSON POST whose body is given as raw text, so escapes like `\ud800` and numbers like 1e309 reach the server as typed. */
const postRaw = (path: string, rawJson: string, who: Who, want: Want = '4xx', note = ''): Case => ({
  label: `POST ${path} ${note || rawJson.slice(0, 80)}`,
  who,
  want,
  req: { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: rawJson },
});

const upload = (label: string, contentType: string, body: string): Case => ({
  label: `POST /api/v1/uploads ${label}`,
  who: 'user',
  want: '4xx',
  req: { method: 'POST', path: '/api/v1/uploads', headers: { 'content-type': contentType }, body },
});

function cases(locationId: string): Case[] {
  const event = (start: string, end: string | null = null): string =>
    JSON.stringify({ name: 'Probe game', sport: 'soccer', startTime: start, endTime: end, locationId });
  const filePart = (b: string): string =>
    `--${b}\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n0123456789`;
  return [
    // NUL bytes in query, path and JSON
    get('/api/v1/events/text-search?q=a%00b'),
    get('/api/v1/locations/search?q=%00'),
    get('/api/v1/places/autocomplete?input=x%00', 'none'),
    get('/api/v1/clips/%00'),
    postRaw(
      '/api/v1/events',
      event('2030-01-01T00:00:00Z').replace('Probe game', 'Probe\\u0000game'),
      'admin',
      '4xx',
      'name with \\u0000',
    ),
    postRaw('/api/v1/auth/local/callback', '{"code":"abc\\u0000"}', 'none'),
    postRaw('/api/v1/errors', '{"message":"boom\\u0000"}', 'none', 'not5xx'),
    // numbers that underflow or overflow a double
    get('/api/v1/events/text-search?near=1e-320,1e309'),
    get('/api/v1/locations/search?near=41.9,-87.6&radius=1e309'),
    get('/api/v1/events/text-search?near=41.9,-87.6&radius=1e309'),
    get('/api/v1/locations/search?near=1e-320,1e-320', 'user', 'not5xx'),
    postRaw('/api/v1/locations', '{"name":"x","latitude":1e309,"longitude":1e-320}', 'admin'),
    postRaw('/api/v1/errors', '{"message":1e309}', 'none'),
    // repeated query parameters
    get('/api/v1/events/text-search?q=a&q=b'),
    get('/api/v1/locations/search?q=a&q=b'),
    get('/api/v1/places/autocomplete?input=a&input=b', 'none'),
    get('/api/v1/places/details?placeId=a&placeId=b', 'none'),
    get('/api/v1/auth/local/login?x=1&x=2', 'none', 'not5xx'),
    // ids that are not UUIDs
    get('/api/v1/events/------------------------------------'),
    get('/api/v1/clips/not-a-uuid'),
    get('/api/v1/clips/%'),
    get('/api/v1/events/%E0%A4%A'),
    { ...get(`/api/v1/clips/${'9'.repeat(400)}`), label: 'GET /api/v1/clips/<400 digits>' },
    get('/media/clips/not-a-uuid/video?exp=1&sig=x', 'none'),
    get('/media/clips/------------------------------------/video?exp=99999999999&sig=x', 'none'),
    // years outside 0001–9999
    postRaw('/api/v1/events', event('0000-01-01T00:00:00Z'), 'admin', '4xx', 'startTime 0000-01-01T00:00:00Z'),
    postRaw('/api/v1/events', event('+10000-01-01T00:00:00Z'), 'admin', '4xx', 'startTime +10000-01-01T00:00:00Z'),
    postRaw('/api/v1/events', event('2030-01-01T00:00:00Z', '+10000-01-01T00:00:00Z'), 'admin', '4xx', 'endTime +10000-…'),
    postRaw('/api/v1/events', event('-000001-01-01T00:00:00Z'), 'admin', '4xx', 'startTime -000001-01-01T00:00:00Z'),
    // lone surrogates
    postRaw('/api/v1/events', event('2030-01-01T00:00:00Z').replace('Probe game', '\\ud800'), 'admin', '4xx', 'name "\\ud800"'),
    postRaw('/api/v1/locations', '{"name":"\\udc00x","latitude":1,"longitude":1}', 'admin'),
    postRaw('/api/v1/admin/users/revoke', '{"email":"\\ud800@example.com"}', 'admin'),
    postRaw('/api/v1/auth/local/callback', '{"code":"\\udfff"}', 'none'),
    postRaw('/api/v1/errors', '{"message":"\\ud800"}', 'none', 'not5xx'),
    get('/api/v1/events/text-search?q=%ED%A0%80', 'user', 'not5xx'),
    get('/api/v1/locations/search?q=%E0%A4%A', 'user', 'not5xx'),
    // malformed multipart bodies
    upload('without a boundary', 'multipart/form-data', `${filePart('x')}\r\n--x--\r\n`),
    upload('with a boundary the body does not use', 'multipart/form-data; boundary=AAAA', `${filePart('BBBB')}\r\n--BBBB--\r\n`),
    upload('truncated in the file part', 'multipart/form-data; boundary=CCCC', filePart('CCCC')),
    upload('with an empty quoted boundary', 'multipart/form-data; boundary=""', `${filePart('')}\r\n----\r\n`),
    upload('with a body that is not multipart', 'multipart/form-data; boundary=DDDD', '{"not":"multipart"}'),
  ];
}

export function inputChecks(probe: Probe): Check[] {
  const token = (who: Who): Record<string, string> =>
    who === 'user' ? bearer(probe.owner.token) : who === 'admin' ? bearer(probe.admin.token) : {};
  const checks: Check[] = cases(probe.locationId).map((k) => ({
    name: `bad input: ${k.label} → ${k.want === '4xx' ? '4xx with envelope' : 'no 5xx'}`,
    run: async () => {
      const res = await probe.client.send({ ...k.req, headers: { ...token(k.who), ...k.req.headers } });
      const refusedWell = res.status >= 400 && res.status < 500 && isEnvelope(res.json);
      const acceptable = k.want === '4xx' ? refusedWell : refusedWell || (res.status >= 200 && res.status < 400);
      expect(acceptable, `got ${describe(res)}`);
    },
  }));
  checks.push({
    name: 'bad input: a 100 KB request header → 431 with envelope',
    run: async () => {
      const head =
        `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${probe.client.port}\r\nX-Padding: ${'a'.repeat(100 * 1024)}\r\n` +
        'Connection: close\r\n\r\n';
      const r = await rawExchange(probe.client.port, [head], { waitMs: 5_000 });
      expect(
        r.status === 431 && isEnvelope(r.json),
        `got ${describe({ status: r.status, json: r.json, text: r.received.toString('utf8') })}`,
      );
    },
  });
  return checks;
}
