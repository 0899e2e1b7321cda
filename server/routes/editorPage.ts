import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../src/app/product';
import { sendPage } from '../lib/acceptEncoding';
import { ApiError, failure } from '../lib/envelope';
import { contentSecurityPolicy, newNonce } from '../lib/security';
import { injectNonce } from './static';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${PRODUCT_NAME} editor is not built yet</title></head>
<body><main><h1>${PRODUCT_NAME} editor is not built yet</h1>
<p>The API server is running, but there is no built highlight editor to serve (no editor.html in the dist directory).</p>
<p>Run <code>npm run build</code>, then reload this page.</p>
</main></body></html>`;

/**
 * The highlight editor's page at /editor/{sessionId}?token=… (docs/editor.md): dist/editor.html, the editor's own
 * bundle, with a fresh CSP nonce. The address carries the one-time launch token, so the page sends no referrer and
 * is never stored; the request logger writes only the path (server/app.ts), never the query.
 */
export function registerEditorPage(
  app: FastifyInstance,
  opts: { distDir: string; mapsKey: boolean; mediaOrigin?: string | null },
): void {
  const editorFile = path.join(opts.distDir, 'editor.html');

  const sendEditor = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    let html: string;
    try {
      html = await readFile(editorFile, 'utf8');
    } catch {
      return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    const nonce = newNonce();
    const body = injectNonce(html, nonce);
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', contentSecurityPolicy({ nonce, mapsKey: opts.mapsKey, mediaOrigin: opts.mediaOrigin }));
    return sendPage(request, reply, body);
  };

  app.get('/editor/:id', sendEditor);
  // The page is reached only through its session's address, never as a plain file of the build.
  app.get('/editor.html', async (request, reply) => {
    const pathname = request.url.split('?')[0];
    return reply.code(404).send(failure(new ApiError(404, 'NOT_FOUND', `Route ${request.method} ${pathname} not found`)));
  });
}
