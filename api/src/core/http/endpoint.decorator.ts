import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';
import type { EndpointContract } from '@loopwright/contracts';
import type { z } from 'zod';
import { Public } from '../auth/public.decorator.js';

export const ENDPOINT_CONTRACT = 'loopwright:endpoint';

/** Every route the API serves, in declaration order: the OpenAPI document is built from it. */
export const declaredEndpoints: EndpointContract[] = [];

/** The parsed input of a contract's body, params or query. */
export type EndpointInput<S> = S extends z.ZodType ? z.infer<S> : never;

/** Routes a controller method by its contract; the contract's schemas validate input and document output. */
export function Endpoint(contract: EndpointContract): MethodDecorator {
  declaredEndpoints.push(contract);
  const decorators = [
    RequestMapping({ path: contract.path, method: RequestMethod[contract.method] }),
    SetMetadata(ENDPOINT_CONTRACT, contract),
  ];
  const success = Object.keys(contract.responses)
    .map(Number)
    .find((status) => status >= 200 && status < 300);
  if (success) decorators.push(HttpCode(success));
  if (contract.public) decorators.push(Public());
  return applyDecorators(...decorators);
}
