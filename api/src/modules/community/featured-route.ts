import type { INestApplication } from '@nestjs/common';
import type { Express, NextFunction, Request, Response } from 'express';
import { SpotlightService } from './spotlight.service.js';

export const FEATURED_PATH = '/api/wp-json/community/featured';

/**
 * GET /api/wp-json/community/featured before Nest's pipeline: every landing page asks for it, and
 * the answer is the same for everyone, so the kept JSON bytes are written as they are (with an ETag).
 * When the answer cannot be read (database down), the Nest endpoint answers instead, with the usual
 * error envelope. Request logging, security headers and the drain still apply (mounted after them).
 */
export function mountFeaturedRoute(express: Express, nest: INestApplication): void {
  const spotlight = nest.get(SpotlightService);
  express.get(FEATURED_PATH, (request: Request, response: Response, next: NextFunction) => {
    spotlight.featuredJson().then(
      ({ body, etag }) => {
        response.setHeader('ETag', etag);
        if (request.headers['if-none-match'] === etag) return void response.status(304).end();
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.setHeader('Content-Length', body.length);
        response.end(body);
      },
      () => next(),
    );
  });
}
