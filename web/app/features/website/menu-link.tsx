import type { Menus } from '@loopwright/contracts';
import { Link } from 'react-router';
import { usePrefetch } from '../../lib/prefetch';
import { menuHref } from '../../lib/spec';

export type MenuItem = Menus['rootMenuItems'][number];

export function NewChip() {
  return <span className="chip-new">New</span>;
}

/** Social networks as small glyphs; names are read out by screen readers. */
export function SocialLinks({ social }: { social: Menus['social'] }) {
  const glyph: Record<string, string> = { discord: 'Dc', reddit: 'Rd', x: 'X', udemy: 'Ud', youtube: 'Yt' };
  return (
    <ul className="social-links">
      {social.map((s) => (
        <li key={s.name}>
          <a href={s.url} target="_blank" rel="noopener" title={s.name}>
            <span aria-hidden="true">{glyph[s.icon] ?? s.name.slice(0, 2)}</span>
            <span className="visually-hidden">{s.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function PromoCard({ promo }: { promo: NonNullable<Menus['promo']> }) {
  return (
    <div className="promo-card">
      <img src={promo.image} alt="" width={96} height={72} loading="lazy" />
      <div>
        <p className="promo-card__title">{promo.title}</p>
        <p>{promo.text}</p>
        <Link to={promo.button.url} className="promo-card__link">
          {promo.button.title} →
        </Link>
      </div>
    </div>
  );
}

export function MenuChildLink({ child, onNavigate }: { child: MenuItem['children'][number]; onNavigate?: () => void }) {
  const prefetch = usePrefetch();
  return (
    <Link to={menuHref(child.slug)} className="submenu__link" onClick={onNavigate} prefetch={prefetch}>
      <span className="submenu__name">
        {child.name}
        {child.isNew ? <NewChip /> : null}
      </span>
      <span className="submenu__title">{child.title}</span>
    </Link>
  );
}
