import type { ReactNode } from 'react';

export type LayoutName = 'base' | 'blog' | 'community' | 'docs' | 'landing' | 'main' | 'resources' | 'default';

/** The spec's layouts: widths, backgrounds and spacing per kind of page. */
export function PageLayout({ name, children, aside }: { name: string; children: ReactNode; aside?: ReactNode }) {
  const layout = (
    ['base', 'blog', 'community', 'docs', 'landing', 'main', 'resources', 'default'].includes(name) ? name : 'default'
  ) as LayoutName;
  return (
    <div className={`layout layout--${layout}${aside ? ' layout--with-aside' : ''}`} data-layout={layout}>
      {aside ? <aside className="layout__aside">{aside}</aside> : null}
      <div className="layout__main">{children}</div>
    </div>
  );
}
