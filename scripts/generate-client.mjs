import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, run } from './lib.mjs';

/**
 * Writes packages/client/src/endpoints.ts from the contracts' endpoint groups (every export named
 * `…Endpoints`): their types by reference, and their method, path and media types as plain values,
 * so a browser bundle of the client carries no zod schema. `tsc` checks the values against the
 * contracts' literal types; the client's tests check that the file is current.
 */
export function endpointGroups(contracts) {
  return Object.entries(contracts)
    .filter(([name, value]) => name.endsWith('Endpoints') && value && typeof value === 'object')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, group]) => ({ exportName: name, name: name.slice(0, -'Endpoints'.length), group }));
}

/** The route of one endpoint: what a client needs at run time. */
export function routeOf(endpoint) {
  const route = { method: endpoint.method, path: endpoint.path };
  if (endpoint.consumes) route.consumes = [...endpoint.consumes];
  if (endpoint.produces) route.produces = endpoint.produces;
  return route;
}

export function renderEndpoints(contracts) {
  const groups = endpointGroups(contracts);
  const literal = (value) => JSON.stringify(value).replaceAll('"', "'");
  const lines = [
    '// Generated from the endpoint definitions in packages/contracts by `npm run client:generate`: do not edit.',
    "import type * as contracts from '@loopwright/contracts';",
    "import type { RouteTable } from './types.js';",
    '',
    '/** Every endpoint group of the contracts, by the name the client gives it. */',
    'export interface Endpoints {',
    ...groups.map(({ exportName, name }) => `  ${name}: typeof contracts.${exportName};`),
    '}',
    '',
    '/** Method, path and media types of every endpoint, as the contracts define them (checked by tsc). */',
    'export const routes = {',
  ];
  for (const { name, group } of groups) {
    lines.push(`  ${name}: {`);
    for (const [key, endpoint] of Object.entries(group)) {
      const route = routeOf(endpoint);
      const fields = Object.entries(route).map(([field, value]) => `${field}: ${literal(value)}`);
      lines.push(`    ${key}: { ${fields.join(', ')} },`);
    }
    lines.push('  },');
  }
  lines.push('} as const satisfies RouteTable<Endpoints>;', '');
  return lines.join('\n');
}

export const endpointsFile = path.join(root, 'packages/client/src/endpoints.ts');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await run('tsc', ['-b', 'packages/contracts']);
  const contracts = await import(path.join(root, 'packages/contracts/dist/index.js'));
  writeFileSync(endpointsFile, renderEndpoints(contracts));
  await run('prettier', ['--write', endpointsFile]);
  console.log(`wrote ${path.relative(root, endpointsFile)}`);
}
