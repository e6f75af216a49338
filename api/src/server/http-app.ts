import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import type { Logger } from 'pino';
import { AppModule } from '../app.module.js';
import type { AppConfig } from '../config/config.js';
import { AllExceptionsFilter } from '../core/errors/exception.filter.js';
import { crossSiteRequests } from '../core/http/cross-site.js';
import { requestContext } from '../core/http/request-context.middleware.js';
import { httpMetrics, metricsHandler, METRICS_PATH } from '../core/metrics/metrics-http.js';
import { MetricsService } from '../core/metrics/metrics.service.js';
import { RequestDrain } from '../core/http/request-drain.js';
import { answerOversizedHeaders, oversizedRequests } from '../core/http/oversized-requests.js';
import { requestTimeout } from '../core/http/request-timeout.js';
import { securityHeaders } from '../core/http/security.js';
import { mountWebApp } from '../web/react-router-handler.js';
import { pageCache } from '../web/page-cache.js';
import { scriptSources } from '../web/kept-page.js';
import { siteSettings } from '../web/site-settings.js';
import { CollabServer } from '../modules/collab/collab.server.js';
import { RealtimeGateway } from '../modules/realtime/realtime.gateway.js';
import { mountDiagramWebRoutes } from '../modules/thumbnails/thumbnail-routes.js';
import { mountFeaturedRoute } from '../modules/community/featured-route.js';
import { createRequire } from 'node:module';
import express from 'express';

export type WebMode = 'production' | 'development' | 'none';

export interface HttpApp {
  app: NestExpressApplication;
  /** Graceful stop: refuse new connections, let accepted requests finish (up to `drainMs`), then close everything. */
  close(drainMs?: number): Promise<void>;
}

/** The one HTTP process: NestJS under /api, the React Router app for every other path. */
export async function createHttpApp(config: AppConfig, logger: Logger, web: WebMode): Promise<HttpApp> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), {
    logger: ['error', 'warn'],
    bodyParser: false,
  });
  // No enableShutdownHooks(): main.ts owns SIGTERM (drain first, then close modules, then exit).
  const drain = app.get(RequestDrain);
  if (config.TRUST_PROXY) app.set('trust proxy', true);
  app.disable('x-powered-by');
  app.use(requestContext(logger));
  const metrics = app.get(MetricsService);
  app.use(httpMetrics(metrics));
  // Prometheus: GET /metrics with Authorization: Bearer <METRICS_TOKEN>; not served at all without the token.
  if (config.METRICS_TOKEN)
    app.getHttpAdapter().getInstance().get(METRICS_PATH, metricsHandler(metrics, config.METRICS_TOKEN));
  app.use(oversizedRequests());
  app.use(drain.middleware());
  app.use(requestTimeout(config.REQUEST_TIMEOUT_MS));
  // Kept pages are answered before the per-request work below (their headers and bytes are kept whole).
  const site = siteSettings(config);
  const pages = pageCache(
    web === 'production' ? config.PAGE_CACHE_SECONDS * 1000 : 0,
    scriptSources(Object.values(site.thirdParty)),
  );
  app.use(pages.serveKept);
  app.use(...securityHeaders(web === 'development', { recaptcha: !!config.RECAPTCHA_SECRET }));
  // Level 1 (nginx's default): most of the saving for a third of the CPU, which matters on every server-rendered page.
  app.use(compression({ level: 1 }));
  app.use(cookieParser());
  const swaggerUi = createRequire(import.meta.url)
    .resolve('swagger-ui-dist/package.json')
    .replace(/package\.json$/, '');
  app.use('/api/docs/assets', express.static(swaggerUi, { maxAge: '1d' }));
  // Spec-named diagram routes outside /api (share thumbnails, /open-public/) and Socket.IO at /socket.io.
  mountDiagramWebRoutes(app.getHttpAdapter().getInstance(), app);
  mountFeaturedRoute(app.getHttpAdapter().getInstance(), app);
  app.get(RealtimeGateway).attach(app.getHttpServer());
  // Live co-editing (Hocuspocus) at /collab on the same port.
  const collab = app.get(CollabServer);
  collab.attach(app.getHttpServer());
  // Idle keep-alive sockets outlive a proxy's (60 s), so a client never reuses a socket the server is closing (ECONNRESET).
  const server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  answerOversizedHeaders(server);
  server.headersTimeout = 66_000;
  const closeWeb =
    web === 'none'
      ? () => Promise.resolve()
      : await mountWebApp(app.getHttpAdapter().getInstance(), {
          development: web === 'development',
          logger,
          pageCache: pages,
          site,
          release: config.APP_RELEASE,
        });
  app.use('/api', crossSiteRequests(config.APP_URL));
  // Parsers after the web app, so React Router form actions read their own bodies.
  // Photos arrive as raw image bodies; the service checks type and the 500 KB limit itself.
  app.use('/api/users/me/images', express.raw({ type: () => true, limit: '4mb' }));
  // Stripe signs the exact bytes it sends: the webhook reads them raw.
  app.use('/api/billing/webhooks', express.raw({ type: () => true, limit: '1mb' }));
  app.useBodyParser('json', { limit: '5mb' });
  app.useBodyParser('urlencoded', { extended: false, limit: '1mb' });
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter(logger));
  return {
    app,
    async close(drainMs = 0) {
      const { unfinished } = await drain.drain(server, drainMs);
      if (unfinished) logger.warn({ unfinished }, 'requests still running when the drain time ran out');
      await collab.close();
      await closeWeb();
      await app.close();
    },
  };
}
