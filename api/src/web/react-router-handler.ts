import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { Logger } from 'pino';
import { outageAware, retryAfterOn503 } from './outage-aware.js';
import type { PageCache } from './page-cache.js';
import type { SiteSettings, WebsiteGateway } from '@loopwright/contracts';
import { repoPaths } from '../core/paths.js';
import { serverRequestContext } from './request-context.js';

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

const loadContextWith =
  (logger: Logger, site: SiteSettings) =>
  (req: Request, res: Response): RouterContextProvider => {
    const context = new RouterContextProvider();
    const gateway = req.app.locals.websiteGateway as WebsiteGateway | undefined;
    const website = gateway && outageAware(gateway, logger);
    context.set(serverRequestContext, {
      cspNonce: String(res.locals.cspNonce ?? ''),
      requestId: String(req.id ?? ''),
      site,
      website,
      viewerRole: async () => {
        res.locals.readsViewer = true;
        return website ? website.viewerRole(req) : null;
      },
      samePageForEveryone: () => {
        res.locals.samePageForEveryone = true;
      },
    });
    return context;
  };

/**
 * Serves the React Router app (SSR) for every path outside /api. Registered before Nest's
 * body parsers so form actions receive the raw body. In development Vite runs in middleware mode.
 */
export async function mountWebApp(
  app: Express,
  options: { development: boolean; logger: Logger; pageCache: PageCache; site: SiteSettings; release?: string },
): Promise<() => Promise<void>> {
  const loadContext = loadContextWith(options.logger, options.site);
  const onlyOutsideApi = (handler: express.RequestHandler) => (req: Request, res: Response, next: NextFunction) =>
    isApiPath(req.path) ? next() : handler(req, res, next);
  // Website images authored under content/images/ (content/README.md).
  app.use('/images', express.static(path.join(repoPaths.content, 'images'), { maxAge: '1h', index: false }));

  if (options.development) {
    const vite = await import('vite');
    const server = await vite.createServer({
      root: path.join(repoPaths.root, 'web'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    app.use(onlyOutsideApi(server.middlewares as unknown as express.RequestHandler));
    const build = () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    app.use(onlyOutsideApi(createRequestHandler({ build, getLoadContext: loadContext, mode: 'development' })));
    options.logger.info('web app served by Vite in middleware mode (hot reload)');
    return () => server.close();
  }

  const serverEntry = path.join(repoPaths.webBuild, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // Which release this server runs: open editors compare it with the one they loaded and offer to
  // save and refresh after a deployment. APP_RELEASE names it; else the web build's own version.
  const release = options.release ?? build.assets.version;
  app.get('/release.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ release });
  });
  const client = path.join(repoPaths.webBuild, 'client');
  app.use(
    '/assets',
    express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  // The few files at the client's root (icons, manifest); other paths skip the file look-up, which every page would pay.
  const rootFiles = new Set(readdirSync(client));
  const serveRootFile = express.static(client, { maxAge: '1h', index: false });
  app.use(
    onlyOutsideApi((req, res, next) => (rootFiles.has(req.path.slice(1)) ? serveRootFile(req, res, next) : next())),
  );
  app.use(onlyOutsideApi(options.pageCache.render));
  app.use(onlyOutsideApi(retryAfterOn503));
  app.use(onlyOutsideApi(createRequestHandler({ build, getLoadContext: loadContext, mode: 'production' })));
  return () => Promise.resolve();
}
