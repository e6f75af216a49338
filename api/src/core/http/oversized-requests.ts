import { ErrorCode, RequestTexts } from '@loopwright/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** What Node parses before our code sees a request: generous, so that our own limits below answer in JSON. */
const PARSED_HEADER_BYTES = 64 * 1024;
/** The longest address and the most header bytes a request may have (as most servers and proxies: 8 KB, 16 KB). */
export const MAX_URL_LENGTH = 8 * 1024;
export const MAX_HEADER_BYTES = 16 * 1024;

const body = (requestId = '') =>
  JSON.stringify({
    success: false,
    error: { code: ErrorCode.REQUEST_HEADERS_TOO_LARGE, message: RequestTexts.headersTooLarge, requestId },
  });

/** 431 for an address or headers past our limits, as a whole response (the request was read in full). */
export function oversizedRequests() {
  return (request: Request, response: Response, next: NextFunction) => {
    let headerBytes = 0;
    for (const part of request.rawHeaders) headerBytes += part.length + 2;
    if ((request.originalUrl ?? request.url).length <= MAX_URL_LENGTH && headerBytes <= MAX_HEADER_BYTES) return next();
    response.setHeader('Connection', 'close');
    response
      .status(431)
      .type('application/json')
      .send(body(String(request.id ?? '')));
  };
}

/**
 * Requests past even Node's parser limit: answer 431 and close gently. Node's default writes the
 * answer and destroys the socket at once; with the client's bytes still unread, the kernel then
 * resets the connection and the client may never see the 431. Here the socket's end is sent after
 * the answer, and what the client still sends is read and dropped until it closes (at most 5 s).
 */
export function answerOversizedHeaders(server: Server): void {
  // Read by Node for each new connection (http.createServer's option; Nest creates the server without options).
  (server as Server & { maxHeaderSize?: number }).maxHeaderSize = PARSED_HEADER_BYTES;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || socket.bytesWritten > 0) return void socket.destroy();
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const text = tooLarge ? body() : '';
    const head = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(
      `HTTP/1.1 ${head}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
    socket.resume();
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}
