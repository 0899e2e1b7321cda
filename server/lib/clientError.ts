import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, failure } from './envelope';
import { SECURITY_HEADERS } from './security';
import { lingerThenDestroy } from './lingeringClose';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, malformed request line,
 * timeouts). Node would answer them with a bare status; this answers with the envelope like every route.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException): ApiError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(431, 'HEADERS_TOO_LARGE', 'Request headers are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive');
    default:
      return new ApiError(400, 'MALFORMED_REQUEST', 'Malformed HTTP request');
  }
}

/** Serialises an envelope answer as a raw HTTP/1.1 response that closes the connection. */
export function rawResponse(apiErr: ApiError): string {
  const body = JSON.stringify(failure(apiErr));
  const headers = [
    `HTTP/1.1 ${apiErr.statusCode} ${STATUS_CODES[apiErr.statusCode] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${headers.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Fastify `clientErrorHandler`: answer if the socket can still take it, then close it. Ending (not
 * destroying) first lets the answer arrive: closing a socket with unread request bytes would reset the
 * connection and the client could lose the answer; the rest of such a request is read and dropped.
 */
export function handleClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawResponse(clientErrorAnswer(err)));
  lingerThenDestroy(socket);
}
