import type { ContentOf, driveEndpoints } from '@loopwright/contracts';
import { api } from '../../lib/api-client';

type E = typeof driveEndpoints;
export type DriveFile = ContentOf<E['files']>['files'][number];

/** The Google Drive API (packages/contracts/src/drive.ts). */
export const driveApi = {
  status: () => api.drive.status(),
  files: () => api.drive.files().then((r) => r.files),
  export: (fuid: string, folderId?: string) =>
    api.drive.export({ body: folderId ? { fuid, folderId } : { fuid } }).then((r) => r.file),
  import: (fileId: string) => api.drive.import({ params: { fileId } }).then((r) => r.diagram),
};
