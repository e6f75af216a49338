import type { TourStep } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

export type { TourStep };

/** Tours of diagrams and templates (packages/contracts/src/library.ts). */
export const toursApi = {
  ofDiagram: (fuid: string) => api.tour.get({ query: { id: fuid } }).then((r) => r.tour.steps),
  ofTemplate: (id: string) => api.tour.get({ query: { source: 'templates', id } }).then((r) => r.tour.steps),
  save: (fuid: string, steps: TourStep[]) =>
    api.tour.save({ body: { diagramId: fuid, steps } }).then((r) => r.tour.steps),
  remove: (fuid: string) => api.tour.delete({ query: { id: fuid } }),
};
