import type { SocialPost } from '@loopwright/contracts';

const number = (n: number | undefined) => (n ?? 0).toLocaleString('en');

/** Embedded social posts (the bundled samples when none can be fetched). */
export function SocialPosts({ posts }: { posts: SocialPost[] }) {
  return (
    <ul className="social-posts">
      {posts.map((post) => (
        <li key={post.details.id} className="card social-post">
          <div className="social-post__author">
            <img src={post.author.profile_image_url} alt="" width={40} height={40} loading="lazy" />
            <div>
              <strong>{post.author.name}</strong>
              <span>@{post.author.username}</span>
            </div>
          </div>
          <p>{post.details.content}</p>
          {post.details.media
            .filter((m) => m.type === 'photo')
            .map((m) => (
              <img key={String(m.url)} className="social-post__media" src={String(m.url)} alt={typeof m.alt === 'string' ? m.alt : ''} loading="lazy" width={480} height={270} />
            ))}
          <p className="social-post__metrics">
            <span>{number(post.details.metrics.like_count)} likes</span>
            <span>{number(post.details.metrics.retweet_count)} reposts</span>
            <span>{number(post.details.metrics.reply_count)} replies</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
