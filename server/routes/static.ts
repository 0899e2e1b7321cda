import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NONCE_PLACEHOLDER } from '../../src/app/cspNonce';
import { PRODUCT_NAME } from '../../src/app/product';
import { sendPage } from '../lib/acceptEncoding';
import { ApiError, failure } from '../lib/envelope';
import { contentSecurityPolicy, newNonce } from '../lib/security';

// `/s`: the public watch page's (routes/sharePage.ts answers every path under it); the app has no page there.
const APP_PREFIXES = ['/api', '/media', '/idp', '/maps', '/s'];

/** Whether a path is the API's or another server route's, never a file of the build nor a page of the app. */
const isUnderAppPrefix = (pathname: string): boolean => APP_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${PRODUCT_NAME} is not built yet</title></head>
<body><main><h1>${PRODUCT_NAME} is not built yet</h1>
<p>The API server is running, but there is no built app to serve (no index.html in the dist directory).</p>
<p>Run <code>npm run build</code>, then reload this page (or start with <code>npm start</code>, which builds when needed).</p>
</main></body></html>`;

/**
 * The HTML a navigation gets (docs/performance.md): /login itself the build's prerendered login page, painted
 * before any script runs; every other route, and /login with a sign-in callback's query, the plain index.html.
 */
export function appPageFor(url: string): string {
  return url === '/login' ? 'login.html' : 'index.html';
}

/** The app's pages, sent only through sendIndex: each needs its response's nonce. */
const APP_PAGES = ['index.html', 'login.html'];

/** Source maps (also their precompressed copies) give away the original source: served only when asked for. */
function isSourceMap(rawPath: string): boolean {
  let pathname = rawPath;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    // undecodable: judged as sent
  }
  return /\.map(\.(gz|br))?$/i.test(pathname);
}

/**
 * The longest name of a file we could serve, in bytes: the file systems' NAME_MAX (255) less the `.br`/`.gz` that
 * @fastify/static appends when it looks for a compressed copy.
 */
const SERVABLE_NAME_MAX = 255 - 3;
/** No file we build has a path near this long; the file systems' PATH_MAX (4096) includes the dist directory's. */
const SERVABLE_PATH_MAX = 1024;

/**
 * Whether a path names no file we could serve: @fastify/static cannot check such a spelling on disk
 * (ENAMETOOLONG) and answers 403, where any other name of no file is a 404 (or, for a navigation, the app's own
 * not-found page). Decoded as @fastify/static decodes it (decodeURI, with `#` and `?` too), so an encoded slash
 * stays inside its segment, as on disk.
 */
function namesNoFile(rawPath: string): boolean {
  let pathname = rawPath;
  try {
    pathname = decodeURI(rawPath.replace(/%23|%3F/gi, decodeURIComponent));
  } catch {
    // undecodable: judged as sent
  }
  if (Buffer.byteLength(pathname) > SERVABLE_PATH_MAX) return true;
  return pathname.split('/').some((segment) => Buffer.byteLength(segment) > SERVABLE_NAME_MAX);
}

/** Whether a request is a browser navigation the single-page app should answer (history fallback). */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (isUnderAppPrefix(pathname)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/**
 * Replaces every placeholder with the nonce. A minifier may have dropped the quotes (`content=__CSP_NONCE__`);
 * base64 can contain `=`, `+` and `/`, so unquoted attribute values are quoted.
 */
export function injectNonce(html: string, nonce: string): string {
  return html
    .replace(new RegExp(`=${NONCE_PLACEHOLDER}(?=[\\s/>])`, 'g'), `="${nonce}"`)
    .split(NONCE_PLACEHOLDER)
    .join(nonce);
}

export async function registerStatic(
  app: FastifyInstance,
  opts: { distDir: string; mapsKey: boolean; sourceMaps?: boolean; mediaOrigin?: string | null },
): Promise<{
  sendIndex: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}> {
  const readPage = async (url: string): Promise<string | null> => {
    for (const file of [appPageFor(url), 'index.html']) {
      try {
        return await readFile(path.join(opts.distDir, file), 'utf8');
      } catch {
        // a development build has no prerendered pages: the plain page renders them
      }
    }
    return null;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const html = await readPage(request.url);
    if (html === null) {
      return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    }
    const nonce = newNonce();
    const body = injectNonce(html, nonce);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy({ nonce, mapsKey: opts.mapsKey, mediaOrigin: opts.mediaOrigin }));
    return sendPage(request, reply, body);
  };

  if (!opts.sourceMaps) {
    // Before routing, so neither the static files nor the history fallback can answer it.
    app.addHook('onRequest', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isSourceMap(pathname)) {
        return reply.code(404).send(failure(new ApiError(404, 'NOT_FOUND', `Route ${request.method} ${pathname} not found`)));
      }
      return undefined;
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isUnderAppPrefix(pathname) || !namesNoFile(pathname)) return undefined;
    reply.callNotFound();
    return reply;
  });

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);

  if (existsSync(opts.distDir)) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      index: false,
      preCompressed: true,
      // The pages are only ever sent through sendIndex (they need the per-request nonce).
      allowedPath: (pathName) => !APP_PAGES.some((page) => pathName.startsWith(`/${page}`)),
      setHeaders: (reply, filePath) => {
        const rel = path.relative(opts.distDir, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`dist directory ${opts.distDir} does not exist: run "npm run build" (the API still works)`);
  }
  return { sendIndex };
}
