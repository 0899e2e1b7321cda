import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../src/app/product';
import { buildApp, REPO_ROOT } from './app';
import { closeGracefully, SHUTDOWN_GRACE_MS } from './lib/shutdown';
import { parsePublicOrigin } from './lib/origin';
import { parseMediaStoreConfig } from './lib/mediaStore/config';
import { parseIdentityEnv, STANDIN_WARNING } from './lib/identity/config';
import { parseAdminEmails } from './lib/identity/identities';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? 'localhost';
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const ttl = Number(process.env.TOKEN_TTL_SECONDS ?? 3600);

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid PORT: ${process.env.PORT}`);
  process.exit(1);
}
if (!Number.isFinite(ttl) || ttl <= 0) {
  console.error(`Invalid TOKEN_TTL_SECONDS: ${process.env.TOKEN_TTL_SECONDS}`);
  process.exit(1);
}

const poolSize = process.env.DATABASE_POOL_SIZE ? Number(process.env.DATABASE_POOL_SIZE) : undefined;
if (poolSize !== undefined && (!Number.isInteger(poolSize) || poolSize < 1)) {
  console.error(`Invalid DATABASE_POOL_SIZE: ${process.env.DATABASE_POOL_SIZE}`);
  process.exit(1);
}
if (process.env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL)) {
  console.error('Invalid DATABASE_URL: expected postgres://user:password@host:port/database');
  process.exit(1);
}

/** TRUST_PROXY: `1`/`true` believes any proxy; otherwise a comma-separated list of proxy addresses/CIDRs. */
function trustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

let app: FastifyInstance;
try {
  const identity = parseIdentityEnv(process.env);
  if (identity.kind === 'standin' && identity.explicit) console.warn(STANDIN_WARNING);
  app = await buildApp({
    dataDir,
    tokenTtlSeconds: ttl,
    idpName: process.env.IDP_NAME || undefined,
    // OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET; without them the stand-in, which a public origin refuses.
    identity,
    adminEmails: parseAdminEmails(process.env.ADMIN_EMAILS),
    logoutRedirect: process.env.LOGOUT_REDIRECT === '1',
    googleMapsKey: process.env.GOOGLE_MAPS_KEY || undefined,
    distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(REPO_ROOT, 'dist'),
    logger: process.env.LOG_LEVEL !== 'silent',
    publicOrigin: process.env.PUBLIC_ORIGIN || undefined,
    trustProxy: trustProxy(process.env.TRUST_PROXY),
    secretKey: process.env.SECRET_KEY || undefined,
    sourceMaps: process.env.SOURCE_MAPS === '1',
    demoData: process.env.DEMO_DATA !== '0',
    renderWorkers: process.env.RENDER_WORKERS === undefined ? undefined : Number(process.env.RENDER_WORKERS),
    databaseUrl: process.env.DATABASE_URL || undefined,
    databasePoolSize: poolSize,
    // MEDIA_STORE=s3://bucket[/prefix] with S3_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
    // S3_FORCE_PATH_STYLE; unset: the disk under DATA_DIR. A bad value stops the start with one line (no secrets).
    mediaStore: parseMediaStoreConfig(process.env),
  });
} catch (err) {
  // Configuration and data-directory problems: one clear line, no stack trace.
  console.error(`${PRODUCT_NAME} could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: no new connections; requests in flight get ${SHUTDOWN_GRACE_MS / 1000} s`);
  // Backstop: whatever hangs after the connections are cut (a database close) must not keep the process up.
  setTimeout(() => {
    console.error('Shutdown did not finish in time: exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS + 4_000).unref();
  try {
    await closeGracefully(app, SHUTDOWN_GRACE_MS);
    process.exit(0);
  } catch (err) {
    console.error('Error while shutting down', err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port, host });
} catch (err) {
  console.error(`Could not listen on ${host}:${port}:`, err instanceof Error ? err.message : err);
  await app.close();
  process.exit(1);
}
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
const origin = process.env.PUBLIC_ORIGIN ? parsePublicOrigin(process.env.PUBLIC_ORIGIN) : `http://localhost:${actualPort}`;
console.info(
  `${PRODUCT_NAME} is running at ${origin}/ (data: ${dataDir}${process.env.DATABASE_URL ? ', database: PostgreSQL' : ''})`,
);
// After listen and not awaited: the demo's clips take a while and the app is usable meanwhile. It never
// rejects: it seeds a fresh data directory, finishes a seed cut short, or moves a finished demo forward to
// the present (server/lib/demo/seedDemo.ts, moveDemo.ts); without DEMO_DATA it does nothing.
void app.startDemoSeed();
