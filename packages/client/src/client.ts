import { routes, type Endpoints } from './endpoints.js';
import { pathOf, send, type ClientOptions, type RequestInput } from './request.js';
import type { ClientEndpoints, Route } from './types.js';

export type LoopwrightClient = ClientEndpoints<Endpoints>;

/**
 * A client for every endpoint in the contracts: `client.diagram.get({ params: { fuid } })`. Built
 * from the generated route table, so a new endpoint in packages/contracts is a new method here.
 */
export function createClient(options: ClientOptions = {}): LoopwrightClient {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [group, endpoints] of Object.entries(routes as Record<string, Record<string, Route>>)) {
    client[group] = {};
    for (const [name, route] of Object.entries(endpoints)) {
      const call = (input?: RequestInput, callOptions?: Parameters<typeof send>[3]) =>
        send(options, route, input, callOptions);
      client[group][name] = Object.assign(call, {
        route,
        url: (input?: Pick<RequestInput, 'params' | 'query'>) => `${options.url ?? ''}${pathOf(route, input)}`,
      });
    }
  }
  return client as unknown as LoopwrightClient;
}
