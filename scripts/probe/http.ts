/**
 * HTTP as an outsider sends it. `fetch` may not set Host and normalises paths, so requests go through node:http
 * (exact path, any Host) or a raw socket (lying Content-Length, stalled bodies, oversized headers).
 */
import http from 'node:http';
import net from 'node:net';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** Parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
}

export interface Req {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Host header; default the server's own `127.0.0.1:PORT`. */
  host?: string;
  timeoutMs?: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function request(port: number, req: Req): Promise<Answer> {
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const headers: Record<string, string> = { host: req.host ?? `127.0.0.1:${port}`, connection: 'close', ...req.headers };
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method ?? 'GET', path: req.path, headers, setHost: false, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          const text = buf.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf, text, json: parseJson(text) });
        });
        res.on('error', reject);
      },
    );
    r.setTimeout(req.timeoutMs ?? 10_000, () => r.destroy(new Error(`no answer within ${req.timeoutMs ?? 10_000} ms`)));
    r.on('error', reject);
    r.end(body);
  });
}

export interface RawResult {
  /** Everything the server sent. */
  received: Buffer;
  status: number | null;
  /** ms from the start until the first byte of the answer arrived (null: none). */
  firstByteMs: number | null;
  /** ms from the start until the server closed the connection (null: still open when we gave up). */
  closedMs: number | null;
  /** Body parsed as JSON when possible (chunked bodies are de-chunked). */
  json: unknown;
}

function decodeBody(raw: Buffer): unknown {
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const head = text.slice(0, split).toLowerCase();
  let body = text.slice(split + 4);
  if (/\r\ntransfer-encoding:\s*chunked/.test(head)) {
    let out = '';
    let rest = body;
    for (;;) {
      const eol = rest.indexOf('\r\n');
      if (eol < 0) break;
      const size = parseInt(rest.slice(0, eol), 16);
      if (!Number.isFinite(size) || size === 0) break;
      out += rest.slice(eol + 2, eol + 2 + size);
      rest = rest.slice(eol + 2 + size + 2);
    }
    body = out;
  }
  return parseJson(Buffer.from(body, 'latin1').toString('utf8'));
}

/**
 * Writes `chunks` to a raw socket (each after `gapMs`), then keeps the socket open without sending more and
 * waits until the server closes it or `waitMs` passes. The caller gets what came back and when.
 */
export async function rawExchange(
  port: number,
  chunks: (string | Buffer)[],
  opts: { waitMs: number; gapMs?: number; keepOpen?: boolean } = { waitMs: 3_000 },
): Promise<RawResult & { socket: net.Socket }> {
  const started = Date.now();
  const socket = net.connect({ host: '127.0.0.1', port });
  const received: Buffer[] = [];
  let firstByteMs: number | null = null;
  let closedMs: number | null = null;
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => undefined); // a reset by the server is an answer, not a harness failure
  socket.on('data', (c: Buffer) => {
    if (firstByteMs === null) firstByteMs = Date.now() - started;
    received.push(c);
  });
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closedMs = Date.now() - started;
      resolve();
    }),
  );
  for (const chunk of chunks) {
    if (socket.destroyed) break;
    socket.write(chunk);
    if (opts.gapMs) await new Promise((r) => setTimeout(r, opts.gapMs));
  }
  await Promise.race([closed, new Promise((r) => setTimeout(r, opts.waitMs))]);
  if (!opts.keepOpen) socket.destroy();
  const all = Buffer.concat(received);
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(all.toString('latin1'));
  return {
    socket,
    received: all,
    status: m ? Number(m[1]) : null,
    firstByteMs,
    closedMs,
    json: decodeBody(all),
  };
}

/** A multipart/form-data body with the given fields and one file part. */
export function multipart(
  boundary: string,
  fields: Record<string, string>,
  file?: { field: string; filename: string; type: string; content: Buffer },
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** The failure envelope of the contract: `{ success: false, error, code, details }`. */
export function isEnvelope(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const j = json as Record<string, unknown>;
  return (
    j.success === false &&
    typeof j.error === 'string' &&
    typeof j.code === 'string' &&
    'details' in j &&
    (j.details === null || typeof j.details === 'object')
  );
}

const JWT_SHAPED = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

/** Short description of an answer for failure lines; anything token-shaped is masked (tokens are never printed). */
export function describe(a: { status: number | null; json?: unknown; text?: string }): string {
  const shown = a.json !== undefined ? JSON.stringify(a.json) : (a.text ?? '');
  return `${a.status ?? 'no answer'} ${shown.replace(JWT_SHAPED, '<jwt>').slice(0, 200)}`;
}
