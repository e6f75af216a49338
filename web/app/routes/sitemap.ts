import type { LoaderFunctionArgs } from 'react-router';
import { website } from '../lib/website.server';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = (process.env.APP_URL || new URL(request.url).origin).replace(/\/$/, '');
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
