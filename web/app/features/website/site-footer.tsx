import type { Menus, Partner } from '@loopwright/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { openCookiePreferences } from '../consent/cookie-consent';
import { SocialLinks } from './menu-link';
import { menuHref } from '../../lib/spec';

/** Link groups (an accordion under 768 px), social and policy links, cookie preferences, investors and logos. */
export function SiteFooter({ menus, partners }: { menus: Menus | null; partners: Partner[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {(menus?.footerMenuItems ?? []).map((group) => (
          <section key={group.id} className={`site-footer__group${open === group.id ? ' is-open' : ''}`}>
            <h2>
              <button
                type="button"
                aria-expanded={open === group.id}
                onClick={() => setOpen(open === group.id ? null : group.id)}
              >
                {group.name}
              </button>
            </h2>
            <ul>
              {group.children.map((child) => (
                <li key={child.slug + child.name}>
                  <Link to={menuHref(child.slug)}>{child.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="site-footer__meta">
        {menus?.social.length ? <SocialLinks social={menus.social} /> : null}
        {menus?.investorsText ? (
          <div className="site-footer__investors" dangerouslySetInnerHTML={{ __html: menus.investorsText }} />
        ) : null}
        {partners.some((p) => p.logo) ? (
          <ul className="site-footer__logos" aria-label="With thanks to">
            {partners
              .filter((p) => p.logo)
              .slice(0, 6)
              .map((p) => (
                <li key={p.slug}>
                  <img src={p.logo} alt={p.name} width={120} height={36} loading="lazy" />
                </li>
              ))}
          </ul>
        ) : null}
      </div>
      <div className="site-footer__legal">
        <span>© {new Date().getFullYear()} Loopwright</span>
        {(menus?.policies ?? []).map((p) => (
          <Link key={p.slug} to={menuHref(p.slug)}>
            {p.name}
          </Link>
        ))}
        <button type="button" className="link-button" onClick={openCookiePreferences}>
          Cookie preferences
        </button>
      </div>
    </footer>
  );
}
