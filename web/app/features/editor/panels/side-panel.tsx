import { useId, useState, type ReactNode } from 'react';
import type { RunController } from '../runs/run-controller';
import { FormatPanel } from './format-panel';
import { FunctionalPanel } from './functional-panel';
import { PageSetupPanel } from './page-setup-panel';
import { PropertiesPanel } from './properties-panel';

const BASE_TABS = ['Properties', 'Format', 'Page setup', 'Functional'] as const;

/** The right-hand panels as tabs: properties, format, page setup, functional (variables), and whatever the page adds (details, plays, versions, tags). */
export function SidePanel({
  extra,
  sheet = false,
  readOnly = false,
}: {
  runs: RunController;
  extra: Partial<Record<string, ReactNode>>;
  sheet?: boolean;
  readOnly?: boolean;
}) {
  const tabs = [...BASE_TABS, ...Object.keys(extra)];
  const [active, setActive] = useState<string>('Properties');
  // On a phone the panels are a bottom sheet: the tabs along the bottom, a tab opens the sheet.
  const [open, setOpen] = useState(false);
  const choose = (tab: string) => {
    setActive(tab);
    setOpen(sheet ? !(open && tab === active) : true);
  };
  const base = useId();
  const basePanel = (tab: string): ReactNode => {
    if (tab === 'Properties') return <PropertiesPanel />;
    if (tab === 'Format') return <FormatPanel />;
    if (tab === 'Page setup') return <PageSetupPanel />;
    if (tab === 'Functional') return <FunctionalPanel />;
    return null;
  };
  // View only: the element panels show their values, every control disabled (the store refuses edits anyway).
  const content = (tab: string): ReactNode => {
    const panel = basePanel(tab);
    if (!panel) return extra[tab];
    return readOnly ? (
      <fieldset className="side-panel__read-only" disabled aria-label={`${tab} (view only)`}>
        {panel}
      </fieldset>
    ) : (
      panel
    );
  };
  const onKey = (e: React.KeyboardEvent, i: number) => {
    const next =
      e.key === 'ArrowDown' || e.key === 'ArrowRight'
        ? i + 1
        : e.key === 'ArrowUp' || e.key === 'ArrowLeft'
          ? i - 1
          : null;
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    setActive(tab);
    document.getElementById(`${base}-tab-${tab}`)?.focus();
  };
  return (
    <aside
      className={`side-panel${sheet ? ' side-panel--sheet' : ''}${sheet && open ? ' is-open' : ''}`}
      aria-label="Panels"
    >
      <div className="side-panel__tabs" role="tablist" aria-label="Panels" aria-orientation="horizontal">
        {tabs.map((tab, i) => (
          <button
            key={tab}
            id={`${base}-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={active === tab}
            aria-controls={`${base}-panel`}
            tabIndex={active === tab ? 0 : -1}
            className="side-panel__tab"
            onClick={() => choose(tab)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {tab}
          </button>
        ))}
        {sheet && open ? (
          <button
            type="button"
            className="side-panel__close"
            aria-label="Close the panel"
            onClick={() => setOpen(false)}
          >
            ×
          </button>
        ) : null}
      </div>
      <div className="side-panel__body" role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`}>
        {content(active)}
      </div>
    </aside>
  );
}
