import { useId, useMemo, useState, type KeyboardEvent } from 'react';

export interface TargetOption {
  value: string;
  label: string;
}

/** At most this many matches are listed: a big diagram has thousands of targets, and typing narrows them. */
const SHOWN = 50;

/**
 * A searchable list of connection targets (the ARIA combobox pattern): type part of a name, pick
 * with the arrow keys and Enter, or click. Only the matches shown are in the page, so a diagram
 * with 5,000 elements costs what one with 50 does.
 */
export function TargetCombobox({
  id,
  options,
  value,
  onChange,
}: {
  id: string;
  options: TargetOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  const chosen = options.find((o) => o.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const text = query ?? chosen?.label ?? '';
  const matches = useMemo(() => (open ? matching(options, query ?? '') : []), [open, options, query]);
  const shown = matches.slice(0, SHOWN);
  const pick = (option: TargetOption | undefined) => {
    if (!option) return;
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.min(Math.max(a + step, 0), Math.max(shown.length - 1, 0)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      pick(shown[active]);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only; the editor's Escape (clear the selection) waits for the next press.
      e.stopPropagation();
      setOpen(false);
      setQuery(null);
    }
  };
  return (
    <div className="target-combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Choose…"
        value={text}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
          if (value) onChange('');
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <div className="target-combobox__popup">
          <ul id={listId} role="listbox" className="target-combobox__list" aria-label="Targets">
            {shown.map((o, i) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox's (aria-activedescendant)
              <li
                key={o.value}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(o)}
                onMouseEnter={() => setActive(i)}
              >
                {o.label}
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <p className="target-combobox__note">Nothing matches “{text}”</p> : null}
          {matches.length > SHOWN ? (
            <p className="target-combobox__note">{matches.length - SHOWN} more: type to narrow</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Exact names first, then names that start with the text, then names that contain it. */
function matching(options: TargetOption[], query: string): TargetOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return options;
  const exact: TargetOption[] = [];
  const starts: TargetOption[] = [];
  const contains: TargetOption[] = [];
  for (const o of options) {
    const label = o.label.toLowerCase();
    if (label === q) exact.push(o);
    else if (label.startsWith(q)) starts.push(o);
    else if (label.includes(q)) contains.push(o);
  }
  return [...exact, ...starts, ...contains];
}
