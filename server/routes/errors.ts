import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ERROR_REPORT_FIELD_LIMITS as LIMITS, ERROR_REPORT_MAX_BYTES } from '../../src/app/product';
import { optionalAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { assertAllowed, createRateLimiter } from '../lib/rateLimit';
import { scrub } from '../lib/redact';
import { parseInput, requiredText, text } from '../lib/schema';

export { ERROR_REPORT_MAX_BYTES };

/**
 * Reports one sender may file a minute: anyone unsigned by address, a signed-in user (accountable, and on more pages)
 * by account. A page that fails in a loop sends a few; a script filling the database is stopped at this.
 */
export const ERROR_REPORTS_PER_MINUTE = { anonymous: 10, signedIn: 60 } as const;
/** Reports kept at most; past it the oldest go. A failure worth knowing about is reported many times over. */
export const MAX_STORED_ERROR_REPORTS = 5_000;
/** Reports older than this go (support reads them within days). */
export const ERROR_REPORT_MAX_AGE_MS = 30 * 24 * 3600_000;
/** Pruning runs at most this often, not at every report. */
const PRUNE_EVERY_MS = 60_000;

/** An optional text field; the app sends null for what it does not know. */
const optionalText = (max: number) => v.optional(v.nullable(text(max)));

const reportSchema = v.object({
  message: requiredText(LIMITS.message),
  stack: optionalText(LIMITS.stack),
  componentStack: optionalText(LIMITS.componentStack),
  timestamp: v.optional(
    v.nullable(
      v.pipe(
        text(64),
        v.check((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO date'),
      ),
    ),
  ),
  userAgent: optionalText(LIMITS.userAgent),
  url: optionalText(LIMITS.url),
  userId: optionalText(200),
  sessionId: optionalText(200),
});

type Report = v.InferOutput<typeof reportSchema>;

/** Every kept field is scrubbed: a token may hide in any of them (a URL in the message, a JWT as userId…). */
function scrubbed(report: Report): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(report)) {
    if (typeof value === 'string') out[name] = scrub(value);
  }
  return out;
}

/** Drops reports past the cap and past their age; the newest are kept. */
export async function pruneErrorReports(ctx: AppContext): Promise<void> {
  await ctx.db.query('DELETE FROM error_reports WHERE created_at < $1', [new Date(ctx.now() - ERROR_REPORT_MAX_AGE_MS)]);
  await ctx.db.query(
    `DELETE FROM error_reports WHERE created_at < (
       SELECT created_at FROM error_reports ORDER BY created_at DESC OFFSET $1 LIMIT 1)`,
    [MAX_STORED_ERROR_REPORTS - 1],
  );
}

export function registerErrorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const anonymous = createRateLimiter({ limit: ERROR_REPORTS_PER_MINUTE.anonymous, windowMs: 60_000, now: ctx.now });
  const signedIn = createRateLimiter({ limit: ERROR_REPORTS_PER_MINUTE.signedIn, windowMs: 60_000, now: ctx.now });
  let prunedAt = -Infinity;
  const limit = async (request: FastifyRequest): Promise<void> => {
    const verdict = request.user ? signedIn.hit(request.user.id) : anonymous.hit(request.ip);
    assertAllowed(verdict, 'Too many error reports; try again later');
  };
  app.post(
    '/api/v1/errors',
    { bodyLimit: ERROR_REPORT_MAX_BYTES, preHandler: [optionalAuth(ctx), limit] },
    async (request, reply) => {
      const report = scrubbed(parseInput(reportSchema, request.body, 'body', 'Invalid error report'));
      const stored = {
        ...report,
        userId: report.userId ?? 'anonymous',
        sessionId: report.sessionId ?? 'unknown',
        authenticatedUserId: request.user?.id ?? null,
        receivedAt: new Date(ctx.now()).toISOString(),
      };
      const r = await ctx.db.query<{ id: string }>(
        'INSERT INTO error_reports (payload, created_at) VALUES ($1, $2) RETURNING id',
        [JSON.stringify(stored), new Date(ctx.now())],
      );
      request.log.warn({ errorReportId: r.rows[0]?.id }, 'client error report stored');
      if (ctx.now() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = ctx.now();
        await pruneErrorReports(ctx);
      }
      return reply.code(201).send({ success: true, data: { id: r.rows[0]?.id } });
    },
  );
}
