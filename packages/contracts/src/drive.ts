import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { diagramSchemaOut } from './diagrams.js';
import { envelope } from './errors.js';

/** The scope asked for only when a user connects Drive: files the app created or the user opened with it. */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';
/** Our files on Drive carry this appProperty, so the import list shows only Loopwright diagrams. */
export const DRIVE_APP_PROPERTY = 'loopwright';

export const driveFileSchema = z.object({ id: z.string(), name: z.string(), modifiedTime: z.string().nullable() });
const fileIdParams = z.object({ fileId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/) });

const tag = 'google drive';
export const driveEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/drive/status',
    summary: 'Whether this instance offers Google Drive and whether I connected it',
    tag,
    responses: { 200: envelope(z.object({ available: z.boolean(), connected: z.boolean() })) },
  }),
  connect: defineEndpoint({
    method: 'GET',
    path: '/drive/connect',
    summary: 'Authorize Google Drive (scope drive.file): redirects to Google',
    tag,
    query: z.object({ returnTo: z.string().max(500).optional() }),
    produces: 'text/html',
    responses: { 302: null },
  }),
  callback: defineEndpoint({
    method: 'GET',
    path: '/drive/callback',
    summary: 'Google sends the browser back here; stores the Drive tokens sealed and redirects',
    tag,
    query: z.object({
      code: z.string().max(2000).optional(),
      state: z.string().max(1000).optional(),
      error: z.string().max(200).optional(),
    }),
    produces: 'text/html',
    responses: { 302: null },
  }),
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: '/drive/connection',
    summary: 'Forget my Google Drive tokens',
    tag,
    responses: { 200: envelope(z.object({ message: z.string() })) },
  }),
  export: defineEndpoint({
    method: 'POST',
    path: '/drive/exports',
    summary: 'Save a diagram (our JSON file) to Google Drive, optionally into a folder',
    tag,
    body: z.object({
      fuid: z.string().min(1).max(64),
      folderId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,200}$/)
        .optional(),
    }),
    responses: { 201: envelope(z.object({ file: driveFileSchema })) },
  }),
  files: defineEndpoint({
    method: 'GET',
    path: '/drive/files',
    summary: 'My Loopwright diagrams on Google Drive, newest first',
    tag,
    responses: { 200: envelope(z.object({ files: z.array(driveFileSchema) })) },
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/drive/files/:fileId/import',
    summary: 'Create a diagram from a Google Drive file (same checks and plan limits as Import)',
    tag,
    params: fileIdParams,
    responses: { 201: envelope(z.object({ diagram: diagramSchemaOut })) },
  }),
};
