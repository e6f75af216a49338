import type { WebsiteGateway } from '@loopwright/contracts';
import { data, type RouterContextProvider } from 'react-router';
import { serverRequestContext } from './server-context';
import { Texts } from './spec';

/** The website gateway for this request (content, search, community reads, in-process). */
export function website(context: Readonly<RouterContextProvider>): WebsiteGateway {
  const gateway = context.get(serverRequestContext).website;
  if (!gateway) throw data('The website content is not available', { status: 503 });
  return gateway;
}

/** The spec's not-found: status 404 with "This page could not be found". */
export function notFound(): never {
  throw data(Texts.notFound, { status: 404 });
}

/** Only positive whole page numbers; anything else is a validation failure (404). */
export function pageNumber(value: string | undefined): number {
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,4}$/.test(value)) notFound();
  return Number(value);
}

/** Preview mode (`?preview=…`) shows drafts to signed-in admins only. */
export async function previewAllowed(request: Request, context: Readonly<RouterContextProvider>): Promise<boolean> {
  if (!new URL(request.url).searchParams.has('preview')) return false;
  return (await context.get(serverRequestContext).viewerRole?.()) === 'admin';
}

/** The page is the same for every reader (see ServerRequestContext.samePageForEveryone). */
export function samePageForEveryone(context: Readonly<RouterContextProvider>): void {
  context.get(serverRequestContext).samePageForEveryone?.();
}
