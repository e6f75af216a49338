import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { Blocks } from '../features/content/blocks';
import { loadContentPage } from '../features/content/page-data.server';
import { seo } from '../lib/seo';
import { previewAllowed, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadContentPage(website(context), 'home', await previewAllowed(request, context));
}

export function meta(args: MetaArgs<typeof loader>) {
  const page = args.loaderData?.page;
  return page ? seo(args, { title: page.metadata.title, description: page.metadata.description }) : [];
}

export default function Home() {
  const { page, blockData } = useLoaderData<typeof loader>();
  return (
    <PageLayout name={page.layout}>
      <Blocks blocks={page.acf.blocks} data={blockData} body={page.content} />
    </PageLayout>
  );
}
