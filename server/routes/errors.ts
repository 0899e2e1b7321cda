import type { FastifyInstance } from 'fastify';
import { optionalAuth } from '../lib/auth';
import type { AppContext } from '../lib/context';
import { invalidInput } from '../lib/envelope';

export const ERROR_REPORT_MAX_BYTES = 64 * 1024;

const FIELDS = ['message', 'stack', 'componentStack', 'timestamp', 'userAgent', 'url', 'userId', 'sessionId'] as const;
type Field = (typeof FIELDS)[number];
const MAX_LEN: Record<Field, number> = {
  message: 4_000,
  stack: 32_000,
  componentStack: 32_000,
  timestamp: 64,
  userAgent: 1_000,
  url: 4_000,
  userId: 200,
  sessionId: 200,
};

const JWT_LIKE =
  /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*|\b[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g;
const TOKEN_PARAM = /(token=)[^&\s#"'<>]+/gi;
const CODE_PARAM = /([?&](?:code|state)=)[^&\s#"'<>]+/gi;
const BEARER = /(Bearer\s+)[^\s"']+/gi;

/** Removes anything that looks like a credential: JWTs, token= values, auth codes in URLs, bearer values. */
export function scrub(text: string): string {
  return text
    .replace(BEARER, '$1[REDACTED]')
    .replace(JWT_LIKE, '[REDACTED_JWT]')
    .replace(TOKEN_PARAM, '$1[REDACTED]')
    .replace(CODE_PARAM, '$1[REDACTED]');
}

export function registerErrorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/errors', { bodyLimit: ERROR_REPORT_MAX_BYTES, preHandler: optionalAuth(ctx) }, async (request, reply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalidInput({ body: 'must be a JSON object' });
    }
    const raw = body as Record<string, unknown>;
    const problems: Record<string, string> = {};
    const report: Partial<Record<Field, string>> = {};
    for (const name of FIELDS) {
      const v = raw[name];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string') problems[name] = 'must be a string';
      else if (v.length > MAX_LEN[name]) problems[name] = `must be at most ${MAX_LEN[name]} characters`;
      else report[name] = scrub(v);
    }
    if (!report.message && !problems.message) problems.message = 'is required';
    if (report.timestamp && Number.isNaN(Date.parse(report.timestamp))) problems.timestamp = 'must be an ISO date';
    if (Object.keys(problems).length > 0) throw invalidInput(problems, 'Invalid error report');
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
