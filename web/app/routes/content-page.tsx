import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { Blocks } from '../features/content/blocks';
import type { Block } from '../features/content/types';
import { loadContentPage } from '../features/content/page-data.server';
import { seo } from '../lib/seo';
import { previewAllowed, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

/** Generic pages (about, pricing, contact …, and the /{slug} catch-all) made of blocks. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // A client-side navigation asks for /{slug}.data: the page's slug is the path's last segment without it.
  const last = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
  const slug = params.slug ?? last.replace(/\.data$/, '');
  return loadContentPage(website(context), slug, await previewAllowed(request, context));
}

export function meta(args: MetaArgs<typeof loader>) {
  const page = args.loaderData?.page;
  return page ? seo(args, { title: page.metadata.title, description: page.metadata.description }) : [];
}

export default function ContentPage() {
  const { page, blockData } = useLoaderData<typeof loader>();
  const blocks = page.acf.blocks as Block[];
  const hasHero = blocks[0]?.type === 'hero';
  return (
    <PageLayout name={page.layout}>
      {hasHero ? null : (
        <header className="page-title">
          <h1>{page.title}</h1>
        </header>
      )}
      <Blocks blocks={blocks} data={blockData} body={page.content} />
    </PageLayout>
  );
}
