import path from 'node:path';
import { buildApp, REPO_ROOT } from './app';

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

const app = await buildApp({
  dataDir,
  tokenTtlSeconds: ttl,
  idpName: process.env.IDP_NAME ?? 'local',
  logoutRedirect: process.env.LOGOUT_REDIRECT === '1',
  googleMapsKey: process.env.GOOGLE_MAPS_KEY || undefined,
  distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(REPO_ROOT, 'dist'),
  logger: process.env.LOG_LEVEL !== 'silent',
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: closing server and database`);
  try {
    await app.close();
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
console.info(`Courtside is running at http://${host}:${actualPort}/ (data: ${dataDir})`);
