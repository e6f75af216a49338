import type { Server } from 'node:http';
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
    server.close();
    server.closeIdleConnections();
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, maxMs);
        this.idle = () => (clearTimeout(timer), resolve());
      });
    }
    const unfinished = this.inFlight;
    server.closeAllConnections();
    return { unfinished };
  }
}
