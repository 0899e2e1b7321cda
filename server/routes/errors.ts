import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { optionalAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { scrub } from '../lib/redact';
import { parseInput, requiredText, text } from '../lib/schema';

export const ERROR_REPORT_MAX_BYTES = 64 * 1024;

/** An optional text field; the app sends null for what it does not know. */
const optionalText = (max: number) => v.optional(v.nullable(text(max)));

const reportSchema = v.object({
  message: requiredText(4_000),
  stack: optionalText(32_000),
  componentStack: optionalText(32_000),
  timestamp: v.optional(
    v.nullable(
      v.pipe(
        text(64),
        v.check((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO date'),
      ),
    ),
  ),
  userAgent: optionalText(1_000),
  url: optionalText(4_000),
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

export function registerErrorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/errors', { bodyLimit: ERROR_REPORT_MAX_BYTES, preHandler: optionalAuth(ctx) }, async (request, reply) => {
    const report = scrubbed(parseInput(reportSchema, request.body, 'body', 'Invalid error report'));
    const stored = {
      ...report,
      userId: report.userId ?? 'anonymous',
      sessionId: report.sessionId ?? 'unknown',
      authenticatedUserId: request.user?.id ?? null,
      receivedAt: new Date(ctx.now()).toISOString(),
    };
    const r = await ctx.db.query<{ id: string }>('INSERT INTO error_reports (payload, created_at) VALUES ($1, $2) RETURNING id', [
      JSON.stringify(stored),
      new Date(ctx.now()),
    ]);
    request.log.warn({ errorReportId: r.rows[0]?.id }, 'client error report stored');
    return reply.code(201).send({ success: true, data: { id: r.rows[0]?.id } });
  });
}
