import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { classifyOutage, OUTAGE_ANSWERS } from '../core/errors/outage.js';
import { outageMonitor } from '../core/errors/outage-monitor.js';

/**
 * The website gateway as page loaders see it: a database or Redis outage becomes a thrown 503
 * Response with the same message the API gives, so the page's error boundary says what is going on
 * (instead of a 500 "Something went wrong"). Other errors pass through unchanged.
 */
export function outageAware<T extends object>(gateway: T, logger: Logger): T {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          const outage = classifyOutage(error);
          if (!outage) throw error;
          outageMonitor.record(
            outage,
            logger,
            error instanceof Error ? (error.message.split('\n').filter(Boolean).pop() ?? outage) : outage,
          );
          throw new Response(OUTAGE_ANSWERS[outage].message, { status: 503, statusText: 'Service Unavailable' });
        });
      };
    },
  });
}

/** Pages answered 503 tell browsers and proxies when to try again, like the API. */
export function retryAfterOn503(_request: Request, response: Response, next: NextFunction): void {
  const writeHead = response.writeHead.bind(response) as (...a: unknown[]) => Response;
  response.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
    if (status === 503 && !this.getHeader('retry-after')) this.setHeader('Retry-After', '5');
    return writeHead(status, ...rest);
  } as Response['writeHead'];
  next();
}
