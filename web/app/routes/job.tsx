import { Link, redirect, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { seo } from '../lib/seo';
import { notFound, website } from '../lib/website.server';
import { PageLayout } from '../ui/page-layout';

export async function loader({ params, context }: LoaderFunctionArgs) {
  if (!params.jobSlug) throw redirect('/careers');
  const job = await website(context).job(params.jobSlug);
  if (!job) notFound();
  return { job };
}

export function meta(args: MetaArgs<typeof loader>) {
  const job = args.loaderData?.job;
  return job ? seo(args, { title: `${job.title} — Careers`, description: job.description }) : [];
}

export default function JobPage() {
  const { job } = useLoaderData<typeof loader>();
  return (
    <PageLayout name="main">
      <article className="article">
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link to="/careers">Careers</Link>
        </nav>
        <h1>{job.title}</h1>
        <p className="post-meta">
          {job.department} · {job.location} · {job.type} · posted <time dateTime={job.date}>{job.displayDate}</time>
        </p>
        <div className="prose" dangerouslySetInnerHTML={{ __html: job.content }} />
        <p>
          <Link className="button button--primary" to="/contact">
            Apply through the contact form
          </Link>
        </p>
      </article>
    </PageLayout>
  );
}
