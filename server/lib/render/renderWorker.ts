import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Render workers (docs/api.md "Rendering"). Being built (issue 12). */
export function startRenderWorkers(_app: FastifyInstance, _ctx: AppContext, _opts: { count: number }): void {}
