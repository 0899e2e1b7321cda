import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { startApp, tempDir } from './helpers';

const EDITOR_HTML =
  '<!doctype html><html lang=en><head><meta name=referrer content=no-referrer><meta name=csp-nonce content=__CSP_NONCE__>' +
  '<script defer src=/assets/editor.abc12345.js></script></head><body><div id=root></div></body></html>';
const SESSION = '6f1c2f9e-1111-4222-8333-444455556666';

const dists: string[] = [];
after(async () => {
  await Promise.all(dists.map((d) => rm(d, { recursive: true, force: true })));
});

async function builtDist(): Promise<string> {
  const distDir = await tempDir('courtside-editor-dist-');
  dists.push(distDir);
  await mkdir(path.join(distDir, 'assets'), { recursive: true });
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app</title><div id=root></div>');
  await writeFile(path.join(distDir, 'editor.html'), EDITOR_HTML);
  await writeFile(path.join(distDir, 'assets', 'editor.abc12345.js'), 'console.log(1)');
  return distDir;
}

test('GET /editor/{id} serves the editor page with a fresh nonce, no referrer and no caching', async () => {
  const t = await startApp({ distDir: await builtDist() });
  try {
    const first = await t.app.inject({ method: 'GET', url: `/editor/${SESSION}?token=SECRET`, headers: { accept: 'text/html' } });
    assert.equal(first.statusCode, 200);
    assert.match(String(first.headers['content-type']), /^text\/html/);
    assert.match(first.body, /editor\.abc12345\.js/);
    assert.doesNotMatch(first.body, /__CSP_NONCE__/);
    const nonce = /content="?([A-Za-z0-9+/=]+)"?>/.exec(first.body.slice(first.body.indexOf('csp-nonce')))?.[1];
    assert.ok(nonce, 'the nonce is in the page');
    assert.match(
      String(first.headers['content-security-policy']),
      new RegExp(`script-src 'self' 'nonce-${nonce.replace(/[+/]/g, '\\$&')}'`),
    );
    assert.equal(first.headers['referrer-policy'], 'no-referrer');
    assert.equal(first.headers['cache-control'], 'no-store');
    assert.doesNotMatch(first.body, /SECRET/);

    const second = await t.app.inject({ method: 'GET', url: `/editor/${SESSION}`, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(second.headers['content-encoding'], 'gzip');
    const again = gunzipSync(second.rawPayload).toString('utf8');
    assert.match(again, /editor\.abc12345\.js/);
    assert.notEqual(
      second.headers['content-security-policy'],
      first.headers['content-security-policy'],
      'a new nonce per request',
    );
    // q-values count: br refused is gzip; nothing acceptable is the plain page.
    const refused = await t.app.inject({
      method: 'GET',
      url: `/editor/${SESSION}`,
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    assert.equal(refused.headers['content-encoding'], 'gzip');
    const plain = await t.app.inject({ method: 'GET', url: `/editor/${SESSION}`, headers: { 'accept-encoding': 'br;q=0' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.match(plain.body, /editor\.abc12345\.js/);
  } finally {
    await t.close();
  }
});

test('the editor page is not the app page, and its file is not served on its own', async () => {
  const t = await startApp({ distDir: await builtDist() });
  try {
    const page = await t.app.inject({ method: 'GET', url: `/editor/${SESSION}`, headers: { accept: 'text/html' } });
    assert.doesNotMatch(page.body, /<title>app<\/title>/);
    const file = await t.app.inject({ method: 'GET', url: '/editor.html', headers: { accept: 'text/html' } });
    assert.equal(file.statusCode, 404);
    const script = await t.app.inject({ method: 'GET', url: '/assets/editor.abc12345.js' });
    assert.equal(script.statusCode, 200);
  } finally {
    await t.close();
  }
});

test('without a build the editor page answers 503 telling to run npm run build', async () => {
  const t = await startApp();
  try {
    const res = await t.app.inject({ method: 'GET', url: `/editor/${SESSION}?token=SECRET`, headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 503);
    assert.match(res.body, /npm run build/);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
  } finally {
    await t.close();
  }
});

test('a request for the editor with ?token=SECRET logs its path but never the token', async () => {
  const lines: string[] = [];
  const t = await startApp({ distDir: await builtDist(), logger: true, logStream: { write: (line) => void lines.push(line) } });
  try {
    const res = await t.app.inject({ method: 'GET', url: `/editor/${SESSION}?token=SECRET`, headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 200);
    // Also a request that fails: the 404 and error paths log too.
    await t.app.inject({ method: 'GET', url: `/editor.html?token=SECRET` });
    const log = lines.join('');
    assert.match(log, new RegExp(`/editor/${SESSION}`), 'the request was logged');
    assert.doesNotMatch(log, /SECRET/);
  } finally {
    await t.close();
  }
});
