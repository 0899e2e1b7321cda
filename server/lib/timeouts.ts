/**
 * Socket timeouts. A 100 MB upload from a phone on a poor connection (≈ 250 kbit/s) takes about 55 minutes,
 * so the whole-request limit is generous; what stalled clients are cut by is the idle limit: a connection on
 * which no byte moves (either way) for `idleMs` is closed, whatever the request's state.
 */
export interface ServerTimeouts {
  /** Whole request, headers and body (Node `requestTimeout`; answered 408). */
  requestMs: number;
  /** Request headers must be complete within this (Node `headersTimeout`; slow-header clients). */
  headersMs: number;
  /** No byte in either direction for this long closes the socket (Fastify `connectionTimeout`). */
  idleMs: number;
  /** An idle kept-alive connection is closed after this (Fastify `keepAliveTimeout`; above common proxies' 60 s). */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 60 * 60_000,
  headersMs: 30_000,
  idleMs: 90_000,
  keepAliveMs: 72_000,
};
