/**
 * The part of autocannon's API that scripts/bench-load.ts uses (autocannon ships no types and @types/autocannon is
 * not installed). Shapes as in autocannon 9's lib/run.js, httpClient.js and aggregateResult.js.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    /** What a request becomes: autocannon writes method, path, headers and body as raw HTTP/1.1. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Called before each send of this request; what it returns is sent (a falsy value skips it). */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      pipelining?: number;
      /** Seconds before a request counts as timed out (default 10). */
      timeout?: number;
      requests?: Request[];
    }

    /** Percentiles and moments of one histogram (latency in ms, requests per second, bytes per second). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
      /** Connection errors and timeouts. */
      errors: number;
      timeouts: number;
      /** Answers outside 2xx. */
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      /** Seconds the run lasted. */
      duration: number;
    }

    /** One connection; its request iterator holds the context setupRequest wrote for the request in flight. */
    interface Client {
      requestIterator: { context: Record<string, unknown> };
    }

    interface Instance extends EventEmitter {
      stop(): void;
      on(event: 'response', listener: (client: Client, statusCode: number, bytes: number, responseTimeMs: number) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(
    options: autocannon.Options,
    done: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}
