import type { FastifyInstance } from 'fastify';
import { ApiError, failure, ok } from '../lib/envelope';
import type { AppContext } from '../lib/context';
import { mediaStoreOf } from '../lib/mediaStore';

/** How long readiness waits for the database before it answers not ready. */
export const READY_DB_TIMEOUT_MS = 2_000;

/** Paths a load balancer or an orchestrator probes; they answer for any Host (a probe uses the server's address). */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

type Check = 'ok' | string;

async function withTimeout(work: Promise<unknown>, ms: number): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
  });
  try {
    return await Promise.race([work.then((): Check => 'ok'), late]);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` (and `/api/v1/health`): the process is up and serving (liveness: restart it when this fails).
 * `/readyz`: it can do its work now — the database answers, the media directory is writable (or the bucket
 * answers), and it is not shutting down — so a proxy sends it requests (docs/deploy.md "Health checks").
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // /api/v1/health is the app's own (same origin, Host checked); /healthz the probe's.
  for (const url of ['/api/v1/health', '/healthz']) {
    app.get(url, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ status: 'ok' });
    });
  }

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks: Record<string, Check> = {
      database: await withTimeout(ctx.db.query('SELECT 1'), READY_DB_TIMEOUT_MS),
      // Disk: the uploads directory is writable; a bucket (MEDIA_STORE=s3://…): HeadBucket answers, in the same time.
      media: await withTimeout(mediaStoreOf(ctx).check(AbortSignal.timeout(READY_DB_TIMEOUT_MS + 500)), READY_DB_TIMEOUT_MS),
      server: closing ? 'shutting down' : 'ok',
    };
    if (Object.values(checks).every((c) => c === 'ok')) return ok({ status: 'ready', checks });
    return reply.code(503).send(failure(new ApiError(503, 'NOT_READY', 'The server cannot take requests now', checks)));
  });
}
