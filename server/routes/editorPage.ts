import type { FastifyInstance } from 'fastify';

/** The editor's page at /editor/{sessionId}. Being built (issue 12). */
export function registerEditorPage(_app: FastifyInstance, _opts: { distDir: string; mapsKey: boolean }): void {}
