import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';

/** Editor sessions (docs/api.md "Editor sessions"). Being built (issue 12). */
export function registerEditorSessionRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
