import type { Menus } from '@loopwright/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AccountMenu } from '../account/account-menu';
import { SearchBar } from '../search/search-bar';
import { MobileDrawer } from './mobile-drawer';
import { MenuChildLink, NewChip, PromoCard, type MenuItem } from './menu-link';
import { usePrefetch } from '../../lib/prefetch';
import { firstSegment, menuHref, SearchRules, WebsiteRules } from '../../lib/spec';
import { Logo } from '../../ui/logo';

function isActive(item: MenuItem, segment: string): boolean {
  if (!segment) return false;
  return (
    firstSegment(menuHref(item.slug)) === segment ||
    item.children.some((c) => firstSegment(menuHref(c.slug)) === segment)
  );
}

/** Hides on scrolling down and shows on scrolling up, ignoring moves under 60 px. */
function useScrollState(pathname: string) {
  const [hidden, setHidden] = useState(false);
  const [atTop, setAtTop] = useState(true);
  const [searchVisible, setSearchVisible] = useState(false);
  const lastY = useRef(0);
  useEffect(() => {
    const update = () => {
      const y = window.scrollY;
      setAtTop(y < 8);
      if (Math.abs(y - lastY.current) >= WebsiteRules.navigationScrollThresholdPx) {
        setHidden(y > lastY.current && y > 80);
        lastY.current = y;
      }
      // The header search appears once the in-page search bar's bottom is above 80 px.
      const pageSearch = document.querySelector('[data-page-search]');
      setSearchVisible(
        !pageSearch || pageSearch.getBoundingClientRect().bottom < SearchRules.headerSearchHideThresholdPx,
      );
    };
    lastY.current = window.scrollY;
    setHidden(false);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [pathname]);
  return { hidden, atTop, searchVisible };
}

export function SiteHeader({ menus, transparent }: { menus: Menus | null; transparent: boolean }) {
  const location = useLocation();
  const segment = firstSegment(location.pathname);
  const { hidden, atTop, searchVisible } = useScrollState(location.pathname);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useEffect(closeDrawer, [location.pathname, closeDrawer]);
  const white = !transparent || !atTop;
  const prefetch = usePrefetch();

  return (
    <header
      className={`site-header${white ? ' site-header--white' : ' site-header--transparent'}${hidden && !drawerOpen ? ' site-header--hidden' : ''}`}
      data-testid="site-header"
    >
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Loopwright home">
          <Logo />
          <span>Loopwright</span>
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <ul>
            {(menus?.rootMenuItems ?? []).map((item) => (
              <li
                key={item.id}
                className={`nav-item${item.children.length ? ' nav-item--parent' : ''}${isActive(item, segment) ? ' is-active' : ''}`}
              >
                <Link
                  to={menuHref(item.slug)}
                  aria-current={isActive(item, segment) ? 'page' : undefined}
                  prefetch={prefetch}
                >
                  {item.name}
                  {item.acf.isNew ? <NewChip /> : null}
                </Link>
                {item.children.length ? (
                  <div className={`submenu${item.highlighted && menus?.promo ? ' submenu--promo' : ''}`}>
                    <div className="submenu__links">
                      {item.children.map((child) => (
                        <MenuChildLink key={child.slug + child.name} child={child} />
                      ))}
                    </div>
                    {item.highlighted && menus?.promo ? <PromoCard promo={menus.promo} /> : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__search" data-visible={searchVisible}>
          {searchVisible ? <SearchBar variant="header" /> : null}
        </div>
        <div className="site-header__actions">
          <AccountMenu />
        </div>
        <button
          type="button"
          className="icon-button site-header__burger"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <span aria-hidden="true">☰</span>
        </button>
      </div>
      {menus ? <MobileDrawer menus={menus} open={drawerOpen} onClose={closeDrawer} /> : null}
    </header>
  );
}
