import type { Post } from '@loopwright/contracts';
import { Link } from 'react-router';

export function PostCard({ post }: { post: Post }) {
  return (
    <li className="post-card card">
      <Link to={`/articles/${post.slug}`} className="post-card__image" tabIndex={-1} aria-hidden="true">
        {post.thumbnail ? <img src={post.thumbnail} alt="" width={400} height={225} loading="lazy" /> : null}
      </Link>
      <div className="post-card__body">
        {post.category ? (
          <Link className="eyebrow" to={`/articles/category/${post.category.slug}`}>
            {post.category.name}
          </Link>
        ) : null}
        <h2>
          <Link to={`/articles/${post.slug}`}>{post.title}</Link>
        </h2>
        <p>{post.excerpt}</p>
        <p className="post-meta">
          <span>{post.author.name}</span> · <time dateTime={post.date}>{post.displayDate}</time>
        </p>
      </div>
    </li>
  );
}

/** Page links: /base/page/N (or `hrefFor`); page 1 is the base path itself. */
export function Pagination({ base, current, total, hrefFor }: { base: string; current: number; total: number; hrefFor?: (page: number) => string }) {
  if (total <= 1) return null;
  const href = (n: number) => (hrefFor ? hrefFor(n) : n === 1 ? base : `${base}/page/${n}`);
  return (
    <nav className="pagination" aria-label="Pages">
      {current > 1 ? <Link to={href(current - 1)}>← Newer</Link> : <span />}
      <span>
        Page {current} of {total}
      </span>
      {current < total ? <Link to={href(current + 1)}>Older →</Link> : <span />}
    </nav>
  );
}

/** The blog's disclaimer (website.md §3 blog store): under the list and every article. */
export function BlogDisclaimer() {
  return (
    <p className="blog-disclaimer">
      Our articles are general guidance on game-economy design, not professional advice; simulation results describe
      the model, not your players. Read the full <Link to="/disclaimer">disclaimer</Link>.
    </p>
  );
}
