import type { DiagramFile, DiagramSummary, DiagramView, Play as StoredPlay, PlayWithValues, Revision, SaveResult } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

export interface TagWithCount {
  id: string;
  name: string;
  textColor: string;
  backgroundColor: string;
  diagramCount: number;
  createdAt: string;
}
export type DiagramDetails = {
  author: { id: string; username: string | null; name: string };
  createdAt: string;
  lastChange: string;
  lastChangeBy: { id: string; username: string | null; name: string } | null;
  sizeBytes: number;
  componentCount: number;
  fileToken: string | null;
  version: number;
};

export interface CreatePlayBody {
  kind: 'quick' | 'interactive' | 'multiple';
  name?: string;
  diagramVersion: number;
  seed: number;
  runs: number;
  steps: number;
  totalSteps?: number;
  endReasons: Record<string, number>;
  series?: Record<string, number[]>;
  stats?: {
    runs: number; completed: number; meanSteps: number; steps: number;
    summary: Record<string, { name?: string; mean: number[]; median: number[]; min: number[]; max: number[]; percentiles: Record<string, number[]> }>;
  };
}

const at = (fuid: string) => `/diagrams/${encodeURIComponent(fuid)}`;

/** The diagrams API (packages/contracts/src/diagrams.ts, plays.ts, tags.ts) as the editor and the list use it. */
export const diagramsApi = {
  list: (query: { scope?: 'mine' | 'shared' | 'trash'; sort?: 'updated' | 'created' | 'name'; page?: number; pageSize?: number; q?: string; tag?: string }) =>
    api.get<{ items: DiagramSummary[]; total: number; page: number; pageSize: number }>('/diagrams', { query }),
  create: (body: { name?: string; description?: string; document?: unknown }) => api.post<{ diagram: DiagramView }>('/diagrams', body).then((r) => r.diagram),
  get: (fuid: string) => api.get<{ diagram: DiagramView }>(at(fuid)).then((r) => r.diagram),
  save: (fuid: string, body: { baseVersion: number; document: unknown; autosave?: boolean }) => api.put<SaveResult>(`${at(fuid)}/document`, body),
  update: (fuid: string, body: { name?: string; description?: string }) => api.patch<{ diagram: DiagramSummary }>(at(fuid), body).then((r) => r.diagram),
  remove: (fuid: string) => api.delete<{ message: string }>(at(fuid)),
  copy: (fuid: string, name?: string) => api.post<{ diagram: DiagramView }>(`${at(fuid)}/copies`, name ? { name } : {}).then((r) => r.diagram),
  details: (fuid: string) => api.get<DiagramDetails>(`${at(fuid)}/details`),
  importText: (text: string, name?: string) =>
    api.post<{ diagram: DiagramView; format: string; warnings: Array<{ id: string; message: string }> }>('/diagrams/import', { text, name }),
  exportJson: (fuid: string) => api.get<DiagramFile>(`${at(fuid)}/export/json`),
  versions: (fuid: string) => api.get<{ items: Revision[]; retentionDays: number }>(`${at(fuid)}/versions`),
  version: (fuid: string, id: string) => api.get<{ version: Revision & { document: unknown } }>(`${at(fuid)}/versions/${id}`).then((r) => r.version),
  restoreVersion: (fuid: string, id: string) => api.post<SaveResult>(`${at(fuid)}/versions/${id}/restore`),
  plays: (fuid: string, page = 1) => api.get<{ items: StoredPlay[]; total: number }>(`${at(fuid)}/plays`, { query: { page, pageSize: 50 } }),
  play: (fuid: string, id: string) => api.get<{ play: PlayWithValues }>(`${at(fuid)}/plays/${id}`).then((r) => r.play),
  createPlay: (fuid: string, body: CreatePlayBody) => api.post<{ play: PlayWithValues }>(`${at(fuid)}/plays`, body).then((r) => r.play),
  deletePlay: (fuid: string, id: string) => api.delete<{ message: string }>(`${at(fuid)}/plays/${id}`),
  cancelServerBatch: (fuid: string, id: string) => api.post<unknown>(`${at(fuid)}/plays/${id}/cancel`),
  serverBatch: (fuid: string, body: { runs: number; seed?: number; steps?: number; name?: string }) =>
    api.post<{ play: StoredPlay }>(`${at(fuid)}/batches`, body).then((r) => r.play),
  tags: () => api.get<{ tags: TagWithCount[] }>('/tags').then((r) => r.tags),
  createTag: (body: { name: string; textColor?: string; backgroundColor?: string }) => api.post<{ tag: TagWithCount }>('/tags', body).then((r) => r.tag),
  setTags: (fuid: string, tagIds: string[]) => api.put<{ tags: Array<{ id: string; name: string; textColor: string; backgroundColor: string }> }>(`${at(fuid)}/tags`, { tagIds }).then((r) => r.tags),
};
