import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { Blocks } from '../features/content/blocks';
import { seo } from '../lib/seo';
import { notFound, previewAllowed, website } from '../lib/website.server';
import { BlogDisclaimer } from '../features/content/post-card';
import { PageLayout } from '../ui/page-layout';

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const gateway = website(context);
  const post = await gateway.post(params.slugPost ?? '', await previewAllowed(request, context));
  if (!post) notFound();
  const cta = await gateway.cta().catch(() => undefined);
  return { post, cta };
}

export function meta(args: MetaArgs<typeof loader>) {
  const post = args.loaderData?.post;
  if (!post) return [];
  return [
    ...seo(args, {
      title: post.metadata.title,
      description: post.metadata.description,
      image: post.featured_media,
      type: 'article',
    }),
    { property: 'article:published_time', content: post.date },
    { property: 'article:author', content: post.author.name },
  ];
}

export default function Article() {
  const { post, cta } = useLoaderData<typeof loader>();
  return (
    <PageLayout name="blog">
      <article className="article">
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link to="/articles">Articles</Link>
          {post.category ? (
            <>
              {' / '}
              <Link to={`/articles/category/${post.category.slug}`}>{post.category.name}</Link>
            </>
          ) : null}
        </nav>
        <h1>{post.title}</h1>
        <p className="post-meta">
          {post.author.slug ? <Link to={post.author.link}>{post.author.name}</Link> : <span>{post.author.name}</span>} ·{' '}
          <time dateTime={post.date}>{post.displayDate}</time>
        </p>
        {post.featured_media ? (
          <img
            className="article__image"
            src={post.featured_media}
            alt={post.featuredMediaAlt}
            width={960}
            height={540}
          />
        ) : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
        {post.tags.length ? (
          <ul className="tags" aria-label="Tags">
            {post.tags.map((t) => (
              <li key={t.slug} className="chip">
                #{t.name}
              </li>
            ))}
          </ul>
        ) : null}
        {post.author.bio ? (
          <aside className="author-box">
            {post.author.avatar_urls['96'] ? (
              <img src={post.author.avatar_urls['96']} alt="" width={64} height={64} />
            ) : null}
            <div>
              <p>
                <strong>{post.author.name}</strong> — {post.author.jobTitle}
              </p>
              <p>{post.author.bio}</p>
            </div>
          </aside>
        ) : null}
        <BlogDisclaimer />
      </article>
      {cta ? <Blocks blocks={[{ type: 'cta' }]} data={{ cta }} body="" /> : null}
    </PageLayout>
  );
}
