import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@loopwright/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Gives each request an id (echoed in X-Request-Id) and logs one line when it finishes. */
export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header(REQUEST_ID_HEADER);
    req.id = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      logger[level](
        {
          requestId: req.id,
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}
