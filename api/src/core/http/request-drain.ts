import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Counts requests in flight so SIGTERM can let them finish: stop accepting, answer what was
 * accepted (each with Connection: close so keep-alive clients reconnect elsewhere), then close.
 */
@Injectable()
export class RequestDrain {
  private inFlight = 0;
  private draining = false;
  private idle: (() => void) | null = null;

  get isDraining(): boolean {
    return this.draining;
  }

  middleware() {
    return (_request: Request, response: Response, next: NextFunction) => {
      this.inFlight++;
      if (this.draining) response.setHeader('Connection', 'close');
      response.on('close', () => {
        this.inFlight--;
        if (this.inFlight === 0) this.idle?.();
      });
      next();
    };
  }

  /** Stops accepting connections and resolves once in-flight requests are answered or `maxMs` passed. */
  async drain(server: Server, maxMs: number): Promise<{ unfinished: number }> {
    this.draining = true;
    // Stop listening without http.Server#close's immediate closeIdleConnections(): a connection
    // accepted a moment ago may not have had its request parsed yet, and must still be answered.
    NetServer.prototype.close.call(server);
    // No connection open (an idle app at Ctrl-C): nothing can be on its way in.
    if ((await openConnections(server)) > 0) await sleep(Math.min(ACCEPTED_GRACE_MS, maxMs));
    const deadline = Date.now() + maxMs;
    while (this.inFlight > 0 && Date.now() < deadline) {
      server.closeIdleConnections();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(100, Math.max(0, deadline - Date.now())));
        this.idle = () => (clearTimeout(timer), resolve());
      });
    }
    const unfinished = this.inFlight;
    server.closeAllConnections();
    return { unfinished };
  }
}

/** Time for requests on just-accepted connections to arrive before idle connections are closed. */
const ACCEPTED_GRACE_MS = 500;

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 1 : count)));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
