import type { INestApplication } from '@nestjs/common';
import { diagramSlug } from '@loopwright/contracts';
import type { Express, NextFunction, Request, Response } from 'express';
import { IdentityResolver } from '../../core/auth/identity-resolver.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { parseThumbnailSize, ThumbnailsService } from './thumbnails.service.js';

/**
 * Routes the spec names outside /api, registered before the web app:
 * - GET /share-thumbnail/:id/:size/png (and /share-thumbnail/:id/png: size small) — a PNG of the
 *   diagram, for whoever may view it (the session cookie counts); 404 otherwise.
 * - GET /open-public/:fuid — 302 to the community diagram page while the diagram is public;
 *   otherwise the web app answers (its not-found page).
 */
export function mountDiagramWebRoutes(express: Express, nest: INestApplication): void {
  const identity = nest.get(IdentityResolver);
  const thumbnails = nest.get(ThumbnailsService);
  const access = nest.get(DiagramAccessService);

  const thumbnail = async (request: Request, response: Response, next: NextFunction) => {
    try {
      const caller = (await identity.resolve(request)) ?? undefined;
      const picture = await thumbnails.thumbnail(
        String(request.params.id),
        parseThumbnailSize(request.params.size as string | undefined),
        caller,
      );
      const etag = `"${picture.fuid}-${picture.version}-${parseThumbnailSize(request.params.size as string | undefined)}"`;
      response.setHeader('ETag', etag);
      // Private pictures are never kept by shared caches, and browsers ask again each time (access may change).
      response.setHeader('Cache-Control', picture.open ? 'public, max-age=60' : 'private, no-cache');
      response.setHeader('Vary', 'Cookie, Authorization');
      if (request.header('if-none-match') === etag) return void response.status(304).end();
      response.type('image/png').send(picture.body);
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        return void response.status(404).type('text/plain').send('Not found');
      next(error);
    }
  };
  express.get('/share-thumbnail/:id/:size/png', thumbnail);
  express.get('/share-thumbnail/:id/png', thumbnail);

  express.get('/open-public/:fuid', async (request: Request, response: Response, next: NextFunction) => {
    try {
      const found = await access.canView(String(request.params.fuid), undefined);
      if (!found || !found.diagram.community || !found.diagram.owner.username) return next();
      response.redirect(
        302,
        `/community/${encodeURIComponent(found.diagram.owner.username)}/${diagramSlug(found.diagram.name)}-${found.diagram.fuid}`,
      );
    } catch (error) {
      next(error);
    }
  });
}
