import type { Menus } from '@loopwright/contracts';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { MobileAccountFooter } from '../account/account-menu';
import { menuHref } from '../../lib/spec';
import { MenuChildLink, NewChip, SocialLinks } from './menu-link';

/** The mobile menu: expandable items, the community submenu with social links, the whitepaper promo. */
export function MobileDrawer({ menus, open, onClose }: { menus: Menus; open: boolean; onClose: () => void }) {
  const [expanded, setExpanded] = useState<string | null>(null);

  // Lock the page's scroll and hide the chat widget while open.
  useEffect(() => {
    document.documentElement.classList.toggle('drawer-open', open);
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('drawer-open');
    };
  }, [open, onClose]);

  if (!open) return null;
  // Portalled to <body>: the header's backdrop filter would otherwise contain the fixed drawer.
  return createPortal(
    <div className="drawer" role="dialog" aria-modal="true" aria-label="Menu" data-testid="mobile-drawer">
      {/* The overlay is a pointer shortcut; keyboard users close the drawer with Escape or its close button. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className="drawer__overlay" onClick={onClose} />
      <nav className="drawer__panel" aria-label="Mobile">
        <div className="drawer__top">
          <span className="drawer__title">Menu</span>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            ×
          </button>
        </div>
        <ul className="drawer__items">
          {menus.rootMenuItems.map((item) => (
            <li key={item.id}>
              {item.children.length ? (
                <>
                  <button
                    type="button"
                    className="drawer__item"
                    aria-expanded={expanded === item.id}
                    onClick={() => setExpanded(expanded === item.id ? null : item.id)}
                  >
                    {item.name}
                    {item.acf.isNew ? <NewChip /> : null}
                    <span aria-hidden="true">{expanded === item.id ? '−' : '+'}</span>
                  </button>
                  {expanded === item.id ? (
                    <div className="drawer__children">
                      {item.children.map((child) => (
                        <MenuChildLink key={child.slug + child.name} child={child} onNavigate={onClose} />
                      ))}
                      {item.id === 'community' ? <SocialLinks social={menus.social} /> : null}
                    </div>
                  ) : null}
                </>
              ) : (
                <Link className="drawer__item" to={menuHref(item.slug)} onClick={onClose}>
                  {item.name}
                  {item.acf.isNew ? <NewChip /> : null}
                </Link>
              )}
            </li>
          ))}
          {menus.promo ? (
            <li>
              <Link className="drawer__item drawer__item--promo" to={menus.promo.button.url} onClick={onClose}>
                {menus.promo.title}
              </Link>
            </li>
          ) : null}
        </ul>
        <div className="drawer__footer">
          <MobileAccountFooter onNavigate={onClose} />
        </div>
      </nav>
    </div>,
    document.body,
  );
}
