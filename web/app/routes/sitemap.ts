import type { LoaderFunctionArgs } from 'react-router';
import { serverRequestContext } from '../lib/server-context';
import { website } from '../lib/website.server';
import { canonicalOrigin } from '../lib/website-shell.server';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = canonicalOrigin(context.get(serverRequestContext).site, new URL(request.url));
  const paths = await website(context).sitemapPaths();
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[
    ...new Set(paths),
  ]
    .map((p) => `  <url><loc>${escape(origin + p)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
