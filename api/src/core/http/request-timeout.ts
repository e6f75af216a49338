import { ErrorCode, RequestTexts } from '@loopwright/contracts';
import type { NextFunction, Request, Response } from 'express';

/** Answers 504 when a request has not been answered within `ms`, so one slow request cannot hold a client forever. */
export function requestTimeout(ms: number) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!ms) return next();
    const timer = setTimeout(() => {
      if (response.headersSent) return;
      response.setHeader('Retry-After', '5');
      response.status(504).json({
        success: false,
        error: {
          code: ErrorCode.REQUEST_TIMEOUT,
          message: RequestTexts.timeout,
          requestId: String(request.id ?? ''),
        },
      });
    }, ms);
    timer.unref();
    response.on('close', () => clearTimeout(timer));
    next();
  };
}
