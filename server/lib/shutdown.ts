import type { FastifyInstance } from 'fastify';

/** How long requests already in flight may run on after SIGTERM/SIGINT. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops accepting connections, lets requests in flight finish for `graceMs`, then cuts whatever is still
 * open (a stalled upload must not keep the process alive) so the onClose hooks (database, lock) run.
 * Resolves to whether connections had to be cut.
 */
export async function closeGracefully(app: FastifyInstance, graceMs = SHUTDOWN_GRACE_MS): Promise<'clean' | 'forced'> {
  let forced = false;
  const timer = setTimeout(() => {
    forced = true;
    app.log.warn(`Requests still running after ${graceMs} ms: closing their connections`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return forced ? 'forced' : 'clean';
}
