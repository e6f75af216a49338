import type { LoaderFunctionArgs } from 'react-router';
import { serverRequestContext } from '../lib/server-context';
import { canonicalOrigin } from '../lib/website-shell.server';

export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = canonicalOrigin(context.get(serverRequestContext).site, new URL(request.url));
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /search-results',
    'Disallow: /docs/search',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
