import { writeFileSync } from 'node:fs';
import path from 'node:path';
import '../app.module.js';
import { declaredEndpoints } from '../core/http/endpoint.decorator.js';
import { buildOpenApiDocument } from '../core/openapi/openapi-document.js';
import { API_VERSION } from '../core/openapi/version.js';
import { repoPaths } from '../core/paths.js';

// npm run openapi: regenerate api/openapi.json from the endpoint contracts.
const file = path.join(repoPaths.root, 'api/openapi.json');
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(declaredEndpoints, API_VERSION), null, 2)}\n`);
console.log(`wrote ${path.relative(repoPaths.root, file)} (${declaredEndpoints.length} endpoints)`);
