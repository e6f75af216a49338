import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Tabs over lists the page's data holds at once; only the chosen panel is rendered (the server
 * renders the first, which shows before hydration; the others cost nothing until chosen, which
 * keeps the explore page's render short). Arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
export function RankedTabs<K extends string>({
  label,
  tabs,
  children,
}: {
  label: string;
  tabs: { key: K; label: string }[];
  children: (key: K) => ReactNode;
}) {
  const [active, setActive] = useState<K>(tabs[0].key);
  const id = useId();
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = tabs[(index + delta + tabs.length) % tabs.length];
    setActive(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  return (
    <div className="ranked-tabs">
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            id={`${id}-tab-${tab.key}`}
            type="button"
            role="tab"
            className={tab.key === active ? 'tab is-active' : 'tab'}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            onClick={() => setActive(tab.key)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={`${id}-panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== active}
        >
          {tab.key === active ? children(tab.key) : null}
        </div>
      ))}
    </div>
  );
}
