import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { MetricsService } from './metrics.service.js';

export const METRICS_PATH = '/metrics';

function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics for Prometheus: answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise,
 * with no hint of what is measured). Plain Node types, so the app (Express) and the worker's own
 * small server share it.
 */
export function metricsHandler(metrics: MetricsService, token: string) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const header = req.headers.authorization ?? '';
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
    if (!given || !sameToken(given, token)) {
      res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' });
      res.end('Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
        res.end(body);
      },
      (error: Error) => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`could not collect metrics: ${error.message}\n`);
      },
    );
  };
}

/**
 * The route label of a finished request: the pattern Express matched (`/api/diagrams/:fuid`), never
 * the raw URL, so the number of series stays bounded. Requests no route matched are grouped:
 * `api-unmatched` (an /api path with no endpoint), `assets` (hashed files), `page` (every page the
 * React Router app renders) and `other`.
 */
export function routeLabel(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl ?? ''}${pattern}`;
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return 'api-unmatched';
  if (path.startsWith('/assets/')) return 'assets';
  if (path.startsWith('/socket.io/')) return 'socket.io';
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return 'page';
  return 'other';
}

/** Observes every request's duration by method, route pattern and status when it finishes. */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = metrics.httpDuration.startTimer();
    res.on('finish', () => stop({ method: req.method, route: routeLabel(req), status: String(res.statusCode) }));
    next();
  };
}

/**
 * The worker has no HTTP server of its own: with METRICS_TOKEN set it listens on
 * METRICS_WORKER_PORT for /metrics only (same token). Resolves once listening.
 */
export async function serveWorkerMetrics(
  metrics: MetricsService,
  options: { host: string; port: number; token: string },
  logger: Logger,
): Promise<Server> {
  const handle = metricsHandler(metrics, options.token);
  const server = createServer((req, res) => {
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === METRICS_PATH) return handle(req, res);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  logger.info(
    { port: typeof address === 'object' && address ? address.port : options.port },
    'worker metrics at /metrics',
  );
  return server;
}
