import type { Chapter } from '@loopwright/contracts';
import { NavLink } from 'react-router';
import { Icon } from './icon';

/** The docs or academy sidebar: chapters and their pages. */
export function ChapterNav({ chapters, base, label }: { chapters: Chapter[]; base: '/docs' | '/learn'; label: string }) {
  return (
    <nav className="chapter-nav" aria-label={label}>
      {chapters.map((chapter) => (
        <details key={chapter.slug} open>
          <summary>
            <Icon name={chapter.icon} size={16} /> {chapter.title}
          </summary>
          <ul>
            {chapter.pages.map((page) => (
              <li key={page.slug}>
                <NavLink to={`${base}/${page.slug}`}>{page.title}</NavLink>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </nav>
  );
}
