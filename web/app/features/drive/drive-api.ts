import type { ContentOf, driveEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type E = typeof driveEndpoints;
export type DriveFile = ContentOf<E['files']>['files'][number];

/** The Google Drive API (packages/contracts/src/drive.ts). */
export const driveApi = {
  status: () => api.get<ContentOf<E['status']>>('/drive/status'),
  files: () => api.get<ContentOf<E['files']>>('/drive/files').then((r) => r.files),
  export: (fuid: string, folderId?: string) =>
    api.post<ContentOf<E['export']>>('/drive/exports', folderId ? { fuid, folderId } : { fuid }).then((r) => r.file),
  import: (fileId: string) =>
    api.post<ContentOf<E['import']>>(`/drive/files/${encodeURIComponent(fileId)}/import`).then((r) => r.diagram),
};
