import type { EndpointContract } from '@loopwright/contracts';
import { errorBodySchema } from '@loopwright/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function openApiPath(path: string): string {
  return `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
}

function parameters(contract: EndpointContract): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const where of ['params', 'query'] as const) {
    const schema = contract[where];
    if (!schema) continue;
    const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where === 'params' ? 'path' : 'query',
        required: where === 'params' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

/** OpenAPI 3.1 from the endpoint contracts, stable in order so the committed copy can be compared. */
export function buildOpenApiDocument(endpoints: EndpointContract[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const sorted = [...endpoints].sort((a, b) => (a.path + a.method).localeCompare(b.path + b.method));
  for (const contract of sorted) {
    const responses: Record<string, JsonSchema> = {};
    for (const [status, schema] of Object.entries(contract.responses)) {
      const mediaType = contract.produces ?? 'application/json';
      responses[status] = {
        description: Number(status) < 400 ? 'Success' : 'Error',
        ...(schema ? { content: { [mediaType]: { schema: toSchema(schema, 'output') } } } : {}),
      };
    }
    if (!contract.public)
      responses['401'] = {
        description: 'Not logged in',
        content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } },
      };
    if (contract.body || contract.query || contract.params) {
      responses['400'] ??= {
        description: 'Invalid input',
        content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } },
      };
    }
    const operation: JsonSchema = {
      operationId: `${contract.method.toLowerCase()}${contract.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: contract.summary,
      tags: [contract.tag],
      ...(contract.public ? { security: [] } : {}),
      parameters: parameters(contract),
      ...(contract.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(contract.body, 'input') } },
            },
          }
        : {}),
      responses,
    };
    (paths[openApiPath(contract.path)] ??= {})[contract.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loopwright API',
      version,
      description:
        'Design, simulate and balance game economies. Authenticate with a session cookie or `Authorization: Bearer <user API key>`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Your user API key' },
        session: { type: 'apiKey', in: 'cookie', name: 'lw_access' },
      },
    },
    security: [{ apiKey: [] }, { session: [] }],
    paths,
  };
}
