import type { ContentOf, tourEndpoints, TourStep } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type T = typeof tourEndpoints;
export type { TourStep };

/** Tours of diagrams and templates (packages/contracts/src/library.ts). */
export const toursApi = {
  ofDiagram: (fuid: string) =>
    api.get<ContentOf<T['get']>>('/tours', { query: { id: fuid } }).then((r) => r.tour.steps),
  ofTemplate: (id: string) =>
    api.get<ContentOf<T['get']>>('/tours', { query: { source: 'templates', id } }).then((r) => r.tour.steps),
  save: (fuid: string, steps: TourStep[]) =>
    api.put<ContentOf<T['save']>>('/tours', { diagramId: fuid, steps }).then((r) => r.tour.steps),
  remove: (fuid: string) => api.delete<ContentOf<T['delete']>>('/tours', { query: { id: fuid } }),
};
