import type { DiagramView } from '@loopwright/contracts';
import { readResponse } from '../../lib/api-client';
import { diagramsApi } from './diagrams-api';
import { takeEarlyDiagram } from '../../lib/early-requests';

const pending = new Map<string, Promise<DiagramView>>();

/** Starts loading a diagram early (the route's client loader), while the editor's code still downloads. */
export function prefetchDiagram(fuid: string): void {
  if (!pending.has(fuid)) {
    const early = takeEarlyDiagram(fuid);
    const request = early
      ? early.then((response) =>
          response ? readResponse<{ diagram: DiagramView }>(response).then((r) => r.diagram) : diagramsApi.get(fuid),
        )
      : diagramsApi.get(fuid);
    request.catch(() => undefined);
    pending.set(fuid, request);
  }
}

/** The prefetched diagram (once), else a fresh request. */
export function loadDiagram(fuid: string): Promise<DiagramView> {
  const early = pending.get(fuid);
  pending.delete(fuid);
  return early ?? diagramsApi.get(fuid);
}
