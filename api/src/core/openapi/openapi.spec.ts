import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../app.module.js';
import { repoPaths } from '../paths.js';
import { declaredEndpoints } from '../http/endpoint.decorator.js';
import { buildOpenApiDocument } from './openapi-document.js';
import { API_VERSION } from './version.js';

describe('OpenAPI document', () => {
  it('is committed up to date (run `npm run openapi` after changing a contract)', () => {
    const committed = JSON.parse(readFileSync(path.join(repoPaths.root, 'api/openapi.json'), 'utf8'));
    expect(committed).toEqual(buildOpenApiDocument(declaredEndpoints, API_VERSION));
  });

  it('documents every declared endpoint with its responses', () => {
    const document = buildOpenApiDocument(declaredEndpoints, API_VERSION) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    for (const endpoint of declaredEndpoints) {
      const path = `/api${endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${path}`).toBeDefined();
      for (const status of Object.keys(endpoint.responses)) expect(Object.keys(operation.responses)).toContain(status);
    }
  });
});
