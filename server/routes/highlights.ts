import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';

/** Highlights and their media (docs/api.md "Highlights"). Being built (issue 12). */
export function registerHighlightRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
