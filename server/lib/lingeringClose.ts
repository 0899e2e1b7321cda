import { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';

/** How long a refused request's remaining body is still read (and dropped) after the answer was sent. */
export const LINGER_MS = 2000;
const LINGERING = Symbol('lingering close');

/**
 * Answers with `Connection: close` and closes the connection the way RFC 9112 §9.6 advises for a request
 * whose body was not read: after the answer, stop writing but keep reading for a moment. Node would
 * otherwise close at once, and the client's unsent body then makes the kernel reset the connection, which
 * can destroy the answer before the client reads it (the client sees "connection reset", not the 413).
 */
export function closeAfterResponse(reply: FastifyReply, lingerMs = LINGER_MS): void {
  reply.header('connection', 'close');
  const socket = reply.request.raw.socket as (Socket & { [LINGERING]?: true }) | undefined;
  // Only a real TCP socket (app.inject() has none) and only once.
  if (!(socket instanceof Socket) || socket.destroyed || socket[LINGERING]) return;
  socket[LINGERING] = true;
  // Node's http server calls destroySoon() when the response with `Connection: close` has finished.
  socket.destroySoon = function lingeringDestroySoon(this: Socket): void {
    if (this.writable) this.end();
    lingerThenDestroy(this, lingerMs);
  };
}

/**
 * After the answer was written and the socket ended: keep reading (and dropping) what the client still
 * sends, and destroy the socket when it stops or after `lingerMs` at most.
 */
export function lingerThenDestroy(socket: Socket, lingerMs = LINGER_MS): void {
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  socket.resume();
}
