import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { Pagination, PostCard } from '../features/content/post-card';
import { WebsiteRules } from '../lib/spec';
import { seo } from '../lib/seo';
import { notFound, pageNumber, website } from '../lib/website.server';
import { BlogDisclaimer } from '../features/content/post-card';
import { PageLayout } from '../ui/page-layout';

/** The blog: all posts, a category, or an author; paginated. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const gateway = website(context);
  const page = pageNumber(params.pageNumber);
  const perPage = WebsiteRules.postsPerPage;
  const [categories, spotlights] = await Promise.all([gateway.categories(), gateway.blogSpotlights(3)]);
  let heading = {
    title: 'Articles',
    description: 'Ideas, tutorials and case studies about designing, simulating and balancing game economies.',
  };
  let base = '/articles';
  let list;
  let authorBio = '';
  let selected: string | null = null;
  if (params.slugCategory) {
    const category = categories.find((c) => c.slug === params.slugCategory);
    if (!category) notFound();
    selected = category.slug;
    heading = { title: category.name, description: category.description };
    base = `/articles/category/${category.slug}`;
    list = await gateway.posts(perPage, page, category.slug);
  } else if (params.slugAuthor) {
    const byAuthor = await gateway.postsByAuthor(params.slugAuthor, perPage, page);
    if (!byAuthor) notFound();
    heading = { title: `Articles by ${byAuthor.author.name}`, description: byAuthor.author.bio };
    authorBio = byAuthor.author.html;
    base = `/articles/author/${params.slugAuthor}`;
    list = byAuthor;
  } else {
    list = await gateway.posts(perPage, page);
  }
  const totalPages = Math.max(1, Math.ceil(list.totalPosts / perPage));
  if (page > totalPages) notFound();
  return { heading, base, page, totalPages, posts: list.posts, categories, selected, authorBio, spotlights };
}

export function meta(args: MetaArgs<typeof loader>) {
  const d = args.loaderData;
  return d
    ? seo(args, {
        title: d.page > 1 ? `${d.heading.title} — page ${d.page}` : d.heading.title,
        description: d.heading.description,
      })
    : [];
}

export default function Articles() {
  const { heading, base, page, totalPages, posts, categories, selected, authorBio, spotlights } =
    useLoaderData<typeof loader>();
  return (
    <PageLayout name="blog">
      <header className="page-title">
        <h1>{heading.title}</h1>
        <p>{heading.description}</p>
        {authorBio ? <div className="prose" dangerouslySetInnerHTML={{ __html: authorBio }} /> : null}
      </header>
      <nav className="chips" aria-label="Categories">
        <Link to="/articles" className={selected === null ? 'chip is-active' : 'chip'}>
          All
        </Link>
        {categories.map((c) => (
          <Link
            key={c.slug}
            to={`/articles/category/${c.slug}`}
            className={selected === c.slug ? 'chip is-active' : 'chip'}
          >
            {c.name} <span className="chip__count">{c.count}</span>
          </Link>
        ))}
      </nav>
      <ul className="post-grid">
        {posts.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
      </ul>
      <Pagination base={base} current={page} total={totalPages} />
      {spotlights.length ? (
        <section className="blog-spotlights" aria-labelledby="blog-spotlights-title">
          <h2 id="blog-spotlights-title">Spotlight from the community</h2>
          <ul className="blog-spotlights__list">
            {spotlights.map((d) => (
              <li key={d.fuid} className="card">
                <Link to={d.url} className="blog-spotlights__thumb" tabIndex={-1} aria-hidden="true">
                  <img src={d.thumbnail} alt="" width={320} height={168} loading="lazy" />
                </Link>
                <Link to={d.url}>{d.name}</Link>
                <span className="muted"> by {d.owner.name}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <BlogDisclaimer />
    </PageLayout>
  );
}
