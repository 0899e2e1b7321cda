import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import { openDb, type Db } from './db';
import { PROBE_PATHS, registerHealthRoutes } from './routes/health';
import { handleClientError } from './lib/clientError';
import type { AppContext } from './lib/context';
import { registerDemoSeed } from './lib/demo/seedDemo';
import { ApiError, failure } from './lib/envelope';
import { findBinary } from './lib/ffmpeg';
import { assertIdentityAllowed, parseIdpName, STANDIN_WARNING, type IdentityConfig } from './lib/identity/config';
import { DEMO_COACH_EMAIL } from './lib/demo/demoAccounts';
import { OidcRelyingParty } from './lib/identity/oidcRelyingParty';
import { normaliseEmail } from './lib/users';
import { acquireLock } from './lib/lock';
import { createOriginPolicy, parsePublicOrigin } from './lib/origin';
import { removePartialUploads } from './lib/partialUploads';
import { rejectUnstorableInput } from './lib/schema';
import { loadDatabaseSecret, loadSecret, parseSecretKey } from './lib/secret';
import { redactShareIds } from './lib/shareIds';
import { contentSecurityPolicy, SECURITY_HEADERS } from './lib/security';
import { pruneSignIns } from './lib/signIns';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from './lib/timeouts';
import { startRenderWorkers } from './lib/render/renderWorker';
import { loadVenues, type Venue } from './lib/venues';
import { createMediaStore, describeMediaStore, mediaStoreOf, type MediaStoreConfig } from './lib/mediaStore';
import { registerAuthRoutes } from './routes/auth';
import { registerClipRoutes } from './routes/clips';
import { registerEditorPage } from './routes/editorPage';
import { registerEditorSessionRoutes } from './routes/editorSessions';
import { registerErrorRoutes } from './routes/errors';
import { registerEventRoutes } from './routes/events';
import { registerHighlightRoutes } from './routes/highlights';
import { registerIdpRoutes } from './routes/idp';
import { registerLocationRoutes, seedVenues } from './routes/locations';
import { registerMediaRoutes } from './routes/media';
import { registerPlacesRoutes } from './routes/places';
import { registerShareRoutes } from './routes/shares';
import { registerSharePage } from './routes/sharePage';
import { isAppNavigation, registerStatic } from './routes/static';
import { registerTagRoutes } from './routes/tags';
import { DEFAULT_MAX_UPLOAD_BYTES, registerUploadRoutes } from './routes/uploads';

/** HSTS for a year (whenever PUBLIC_ORIGIN is https): the usual value, and what preload lists ask at the least. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildAppOptions {
  dataDir: string;
  tokenTtlSeconds?: number;
  /** IDP_NAME; default 'local' for the stand-in, 'oidc' for a hosted provider. */
  idpName?: string;
  /**
   * Who signs people in (lib/identity/config.ts): a hosted OpenID Connect provider, or the stand-in. Default the
   * stand-in, which is refused for a non-loopback publicOrigin unless `explicit` (STANDIN_IDP=1).
   */
  identity?: IdentityConfig;
  /** Verified addresses given ADMIN when they sign in (ADMIN_EMAILS). */
  adminEmails?: Iterable<string>;
  /** Built app to serve; default `<repo>/dist`. */
  distDir?: string;
  logoutRedirect?: boolean;
  logger?: boolean;
  /** Where log lines go when `logger` is on (tests capture them); default stdout. */
  logStream?: { write: (line: string) => void };
  /** Clock in milliseconds (tests inject one). */
  now?: () => number;
  /** Per-file upload limit; default 100 MB. */
  maxUploadBytes?: number;
  /** Venue list for seeding locations and the places stand-in; default server/data/venues.json. */
  venues?: Venue[];
  /** Only affects the CSP: allows the Google Maps hosts. */
  googleMapsKey?: string;
  /** Override binary discovery (null disables thumbnails / probing). */
  ffmpegPath?: string | null;
  ffprobePath?: string | null;
  /**
   * The origin links and redirects are built from (PUBLIC_ORIGIN); requests for any other Host are refused
   * with 421. Default: `http://localhost:<listening port>` (port 80 before listen, as `inject()` sends).
   * For `localhost` / `127.0.0.1` the other name is accepted too.
   */
  publicOrigin?: string;
  /** Believe X-Forwarded-Host/Proto/For (TRUST_PROXY): `true`, or the proxies' addresses. Default false. */
  trustProxy?: boolean | string | string[];
  /** Signing key, base64 (SECRET_KEY, ≥ 32 bytes decoded); wins over DATA_DIR/secret.key. */
  secretKey?: string;
  /** Serve `*.map` files from the build (SOURCE_MAPS=1); otherwise they answer 404. */
  sourceMaps?: boolean;
  /** Socket timeouts; tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * Demo data (DEMO_DATA): the sign-in page offers the demo coach, and `app.startDemoSeed()` seeds a fresh data
   * directory (server/lib/demo). Default false: tests never seed unless they ask.
   */
  demoData?: boolean;
  /** Render workers in this process (RENDER_WORKERS); default 1, 0 renders nothing (another process does). */
  renderWorkers?: number;
  /**
   * PostgreSQL instead of PGlite (DATABASE_URL, `postgres://…`). Several servers may then share the database:
   * no DATA_DIR lock, and without SECRET_KEY the signing key is kept in the database.
   */
  databaseUrl?: string;
  /** Connections one server keeps at most on PostgreSQL (DATABASE_POOL_SIZE); default 10. */
  databasePoolSize?: number;
  /**
   * A database already open and migrated, used instead of opening one; it stays open when the app closes. Lets a
   * caller restart the app on the same database without opening it again (PGlite takes most of a second).
   */
  db?: Db;
  /**
   * Where media is kept (MEDIA_STORE, parsed by lib/mediaStore/config.ts): default the disk under DATA_DIR; an S3
   * bucket keeps clips, thumbnails, highlights and posters there (local copies only while they are made).
   */
  mediaStore?: MediaStoreConfig;
}

/**
 * Fields of a database error that hold the values of the failed query: PGlite adds `params` and `queryOptions`,
 * and PostgreSQL's `detail` quotes them ("Key (id)=(…)", "Failing row contains (…)"). Any of them may be a
 * credential (a share id, a token hash), so a logged error keeps its message, code, stack and the SQL text only.
 */
const QUERY_VALUE_FIELDS = ['params', 'queryOptions', 'detail'];

type SerializedError = ReturnType<typeof stdSerializers.err>;

/**
 * Drops QUERY_VALUE_FIELDS from an error pino serialized, and from the errors nested in it (pino serializes those
 * too, into fresh objects of the same prototype, so nothing of the original error is changed).
 */
function dropQueryValues(serialized: Record<string, unknown>, proto: unknown): void {
  for (const field of QUERY_VALUE_FIELDS) delete serialized[field];
  for (const [key, value] of Object.entries(serialized)) {
    for (const item of key === 'aggregateErrors' && Array.isArray(value) ? value : [value]) {
      if (typeof item === 'object' && item !== null && Object.getPrototypeOf(item) === proto) {
        dropQueryValues(item as Record<string, unknown>, proto);
      }
    }
  }
}

/** Fastify's own error serializer (pino's), minus the failed query's values. */
function serializeError(err: Error): SerializedError {
  const serialized = stdSerializers.err(err);
  // Not error-like (no message): pino logs it as given, and so do we rather than change the caller's object.
  if ((serialized as unknown) === err) return serialized;
  dropQueryValues(serialized, Object.getPrototypeOf(serialized));
  return serialized;
}

/**
 * Pino options: only method and path are logged for requests; credentials are redacted everywhere, and a share
 * link's id, which is a credential in a path, is cut to its first characters (lib/shareIds.ts). Errors are logged
 * without the values of a failed query (serializeError).
 */
function loggerOptions(enabled: boolean, stream?: { write: (line: string) => void }): FastifyServerOptions['logger'] {
  if (!enabled) return false;
  return {
    ...(stream ? { stream } : {}),
    level: process.env.LOG_LEVEL ?? 'info',
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.authorization',
        '*.token',
        '*.password',
        'token',
        // Sign-in codes, wherever a body or query is logged; not `err.code` (ENOSPC, a PostgreSQL code), which
        // a 500's log line needs.
        'body.code',
        'query.code',
        '*.body.code',
        '*.query.code',
        '*.authCode',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string }) {
        return { method: request.method, path: redactShareIds(request.url.split('?')[0] ?? '') };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
      err: serializeError,
    },
  };
}

function fastifyErrorToApi(err: FastifyError): ApiError {
  const status = err.statusCode ?? 500;
  if (err.validation) return new ApiError(400, 'INVALID_INPUT', err.message, { validation: err.validation });
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'INVALID_INPUT', 'Malformed JSON body');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type');
    default:
      break;
  }
  if (status === 413) return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (status === 429) return new ApiError(429, 'RATE_LIMITED', 'Too many requests');
  if (status >= 400 && status < 500) return new ApiError(status, 'INVALID_INPUT', err.message);
  return new ApiError(500, 'INTERNAL_ERROR', 'Server error. Please try again later.');
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const dataDir = path.resolve(opts.dataDir);
  const uploadsDir = path.join(dataDir, 'uploads');
  const highlightsDir = path.join(dataDir, 'highlights');
  // Configuration errors first: they must stop the start before anything on disk changes.
  const envSecret = opts.secretKey === undefined ? null : parseSecretKey(opts.secretKey);
  const identity: IdentityConfig = opts.identity ?? { kind: 'standin', explicit: false };
  assertIdentityAllowed(identity, opts.publicOrigin === undefined ? undefined : parsePublicOrigin(opts.publicOrigin));
  const idpName = parseIdpName(opts.idpName, identity);
  // The demo coach is an admin so the admin menus show in the demo (server/lib/demo/demoAccounts.ts).
  const adminEmails = new Set([...(opts.adminEmails ?? [])].map(normaliseEmail));
  if (opts.demoData && identity.kind === 'standin') adminEmails.add(DEMO_COACH_EMAIL);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const mapsKey = Boolean(opts.googleMapsKey);

  const app = Fastify({
    logger: loggerOptions(opts.logger ?? false, opts.logStream),
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      // How often Node checks the two limits above (its default, 30 s, would let them overrun by that much).
      connectionsCheckingInterval: Math.min(5_000, timeouts.headersMs),
    },
    clientErrorHandler: handleClientError,
    // URLs the router cannot decode (`/x/%`) or path parameters over its length limit: the envelope too.
    frameworkErrors: (err, _request, reply) => {
      const apiErr =
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError(414, 'URI_TOO_LONG', 'A path segment of the URL is too long')
          : new ApiError(400, 'INVALID_INPUT', 'Malformed URL');
      // Answered outside the route lifecycle: the onSend hook that adds these does not run.
      void (reply as FastifyReply)
        .code(apiErr.statusCode)
        .headers({ ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy({ mapsKey }) })
        .type('application/json; charset=utf-8')
        .send(failure(apiErr));
    },
    // During the shutdown drain, requests on open keep-alive connections are still served (with
    // `Connection: close`) instead of answered with Fastify's bare 503.
    return503OnClosing: false,
  });
  const origins = createOriginPolicy(opts.publicOrigin, () => {
    const address = app.server.listening ? app.server.address() : null;
    return typeof address === 'object' && address ? address.port : null;
  });

  await mkdir(uploadsDir, { recursive: true });
  await mkdir(highlightsDir, { recursive: true });
  const shared = opts.db ? opts.db.engine === 'postgres' : Boolean(opts.databaseUrl);
  // PGlite: one process per DATA_DIR, held by a lock file. PostgreSQL: servers share the database (and DATA_DIR's
  // media, where they share the disk), so there is nothing to hold.
  const releaseLock = shared ? () => undefined : acquireLock(dataDir, (message) => app.log.warn(message));
  let db: Db;
  let secret: Buffer;
  try {
    // Alone on DATA_DIR (the lock), every partial file is a leftover; beside other servers, only those older
    // than any request can run.
    await removePartialUploads(uploadsDir, (message) => app.log.warn(message), {
      olderThanMs: shared ? timeouts.requestMs + 60_000 : undefined,
    });
    db =
      opts.db ??
      (await openDb(dataDir, {
        databaseUrl: opts.databaseUrl,
        poolSize: opts.databasePoolSize,
        onIdleError: (err) => app.log.warn(`A database connection was lost while idle: ${err.message}`),
      }));
    try {
      secret = envSecret ?? (shared ? await loadDatabaseSecret(db) : await loadSecret(dataDir));
    } catch (err) {
      if (!opts.db) await db.close();
      throw err;
    }
  } catch (err) {
    releaseLock();
    throw err;
  }
  app.addHook('onClose', async () => {
    if (!opts.db) await db.close();
    releaseLock();
  });

  try {
    const venues = opts.venues ?? (await loadVenues());
    const mediaConfig = opts.mediaStore ?? { kind: 'disk' };
    const media = await createMediaStore(mediaConfig, { uploadsDir, highlightsDir });
    app.addHook('onClose', () => media.close());
    if (media.kind !== 'disk') app.log.info(`Media store: ${describeMediaStore(mediaConfig, dataDir)}`);
    const ctx: AppContext = {
      db,
      secret,
      dataDir,
      uploadsDir,
      highlightsDir,
      media,
      now: opts.now ?? Date.now,
      tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
      idpName,
      oidc: identity.kind === 'oidc' ? new OidcRelyingParty(identity, opts.now ?? Date.now) : null,
      adminEmails,
      logoutRedirect: opts.logoutRedirect ?? false,
      maxUploadBytes: opts.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
      venues,
      ffmpegPath: opts.ffmpegPath === undefined ? await findBinary('@ffmpeg-installer/ffmpeg') : opts.ffmpegPath,
      ffprobePath: opts.ffprobePath === undefined ? await findBinary('@ffprobe-installer/ffprobe') : opts.ffprobePath,
    };
    if (!ctx.ffmpegPath || !ctx.ffprobePath) {
      app.log.warn(
        'ffprobe or ffmpeg not found: without ffprobe uploads are refused (503), without ffmpeg clips have no thumbnail',
      );
    }
    await seedVenues(ctx, venues);
    // Housekeeping: forget codes and revoked tokens that can no longer be used.
    const cutoff = new Date(ctx.now() - 24 * 3600 * 1000);
    await db.query('DELETE FROM auth_codes WHERE expires_at < $1', [cutoff]);
    await db.query('DELETE FROM oidc_logins WHERE expires_at < $1', [cutoff]);
    await db.query('DELETE FROM revoked_tokens WHERE expires_at < $1', [cutoff]);
    await pruneSignIns(db, cutoff);

    // First of all hooks: a request for a Host that is not ours gets no further (no link is ever built
    // from it). Behind a proxy with TRUST_PROXY, X-Forwarded-Host is what is checked.
    app.decorateRequest('publicOrigin', '');
    app.addHook('onRequest', async (request, reply) => {
      const origin = origins.match(request.host);
      // Probes come from a load balancer or an orchestrator, addressed by IP: they build no link.
      if (origin === null && PROBE_PATHS.has(request.url.split('?')[0] ?? '')) {
        request.publicOrigin = origins.primary();
        return undefined;
      }
      if (origin === null) {
        return reply.code(421).send(
          failure(
            new ApiError(421, 'MISDIRECTED_REQUEST', `This server answers for ${origins.primary()} only`, {
              expected: origins.primary(),
            }),
          ),
        );
      }
      request.publicOrigin = origin;
      return undefined;
    });

    // The app sends `Content-Type: application/json` on every authenticated call, also without a body
    // (refresh, logout): an empty JSON body is therefore read as "no body" instead of a 400.
    const defaultJson = app.getDefaultJsonParser('error', 'error');
    const asText = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = asText(body);
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      defaultJson(request, text, done);
    });
    // The same for text: an empty `text/plain` body (what fetch sends for a string body of '') is no body, so a
    // route where the body is optional answers as without one, not with a 400 for the empty string.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      const text = asText(body);
      done(null, text === '' ? undefined : text);
    });

    // Text the database cannot hold (NUL, lone surrogates) is refused with a 400 on every route.
    app.addHook('preValidation', rejectUnstorableInput);

    app.decorateRequest('user', null);
    app.decorateRequest('tokenClaims', null);

    // Share and editor links carry secrets: over https, browsers must never be let back onto plain http.
    const hsts = origins.primary().startsWith('https:');
    app.addHook('onSend', async (_request, reply, payload) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
      if (hsts) reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', contentSecurityPolicy({ mapsKey }));
      }
      return payload;
    });

    app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
      let apiErr = err instanceof ApiError ? err : fastifyErrorToApi(err);
      // Upload answers always carry errorCode and details.statusCode (the upload screen reads them).
      if (request.url.startsWith('/api/v1/uploads') && !('errorCode' in apiErr.extra)) {
        apiErr = new ApiError(
          apiErr.statusCode,
          apiErr.code,
          apiErr.message,
          { ...(apiErr.details ?? {}), statusCode: apiErr.statusCode },
          { ...apiErr.extra, errorCode: apiErr.code },
        );
      }
      if (apiErr.statusCode >= 500) request.log.error({ err }, 'request failed');
      if (apiErr.statusCode === 429) {
        // The refresh limit knows when its window frees up; say the same in the header as in the body.
        const wait = apiErr.details?.retryAfterSeconds;
        reply.header('retry-after', String(typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : 60));
      }
      return reply.code(apiErr.statusCode).type('application/json; charset=utf-8').send(failure(apiErr));
    });

    await app.register(fastifyMultipart, {
      limits: { fileSize: ctx.maxUploadBytes, files: 2, fields: 20, fieldSize: 4096, parts: 30 },
    });

    if (identity.kind === 'standin') {
      registerIdpRoutes(app, ctx, { demoCoach: opts.demoData ?? false });
      if (identity.explicit) app.log.warn(STANDIN_WARNING);
    }
    registerAuthRoutes(app, ctx);
    registerErrorRoutes(app, ctx);
    registerLocationRoutes(app, ctx);
    registerEventRoutes(app, ctx);
    registerUploadRoutes(app, ctx);
    registerClipRoutes(app, ctx);
    registerMediaRoutes(app, ctx);
    registerPlacesRoutes(app, ctx);
    registerTagRoutes(app, ctx);
    registerEditorSessionRoutes(app, ctx);
    registerHighlightRoutes(app, ctx);
    registerShareRoutes(app, ctx);
    registerHealthRoutes(app, ctx);
    registerDemoSeed(app, ctx, opts.demoData ?? false);

    const { sendIndex } = await registerStatic(app, {
      distDir: opts.distDir ?? path.join(REPO_ROOT, 'dist'),
      mapsKey,
      mediaOrigin: mediaStoreOf(ctx).mediaOrigin,
      sourceMaps: opts.sourceMaps ?? false,
    });

    registerEditorPage(app, {
      distDir: opts.distDir ?? path.join(REPO_ROOT, 'dist'),
      mapsKey,
      mediaOrigin: mediaStoreOf(ctx).mediaOrigin,
    });
    registerSharePage(app, ctx, { distDir: opts.distDir ?? path.join(REPO_ROOT, 'dist') });
    startRenderWorkers(app, ctx, { count: opts.renderWorkers ?? 1 });

    app.setNotFoundHandler(async (request, reply) => {
      if (isAppNavigation(request)) return sendIndex(request, reply);
      const pathname = request.url.split('?')[0];
      return reply.code(404).send(failure(new ApiError(404, 'NOT_FOUND', `Route ${request.method} ${pathname} not found`)));
    });

    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}
