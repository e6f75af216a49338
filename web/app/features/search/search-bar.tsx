import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  categoryNames,
  searchableTerm,
  searchFilterOptions,
  suggestionContextFor,
  TrackingEvents,
  type SearchFilter,
} from '../../lib/spec';
import { track } from '../tracking/track';
import { useSuggestions } from './use-suggestions';

const FILTERS = Object.keys(searchFilterOptions) as SearchFilter[];

/** The results URL of a filter with the term in `q`. */
export function resultsUrl(filter: SearchFilter, term: string): string {
  const base = searchFilterOptions[filter].resultsUrl;
  return `${base}${base.includes('?') ? '&' : '?'}q=${encodeURIComponent(term.trim())}`;
}

function onResultsPage(filter: SearchFilter, pathname: string, params: URLSearchParams): boolean {
  const [path, query] = searchFilterOptions[filter].resultsUrl.split('?');
  const here = pathname.replace(/^\/en(?=\/|$)/, '');
  if (here !== path) return false;
  const wanted = new URLSearchParams(query ?? '');
  return [...wanted].every(([k, v]) => params.get(k) === v);
}

interface SearchBarProps {
  variant: 'page' | 'header';
  initialTerm?: string;
  initialFilter?: SearchFilter;
  /** An empty query may navigate (results pages). */
  allowEmpty?: boolean;
}

/** Search with a type filter, a clear icon and suggestions ("in {Category}", view all, no results). */
export function SearchBar({ variant, initialTerm = '', initialFilter = 'all', allowEmpty = false }: SearchBarProps) {
  const [term, setTerm] = useState(initialTerm);
  const [filter, setFilter] = useState<SearchFilter>(initialFilter);
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(variant === 'page');
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const listId = useId();
  const state = useSuggestions(term, filter, suggestionContextFor(location.pathname), focused || open);

  useEffect(() => setTerm(initialTerm), [initialTerm]);

  // Scroll or a click outside hides the dropdown; an empty header bar collapses on outside click.
  useEffect(() => {
    const hide = () => setOpen(false);
    const outside = (event: PointerEvent) => {
      if (root.current?.contains(event.target as Node)) return;
      setOpen(false);
      if (variant === 'header' && !term.trim()) setExpanded(false);
    };
    window.addEventListener('scroll', hide, { passive: true });
    document.addEventListener('pointerdown', outside);
    return () => {
      window.removeEventListener('scroll', hide);
      document.removeEventListener('pointerdown', outside);
    };
  }, [variant, term]);

  function expand() {
    setExpanded(true);
    requestAnimationFrame(() => input.current?.focus());
  }

  function runSearch(value: string) {
    const trimmed = value.trim();
    if (!trimmed && !allowEmpty) return;
    setOpen(false);
    if (onResultsPage(filter, location.pathname, params)) {
      const next = new URLSearchParams(params);
      next.set('q', trimmed);
      setParams(next);
    } else {
      void navigate(resultsUrl(filter, trimmed));
    }
    if (searchableTerm(trimmed)) track(TrackingEvents.globalSearch, { label: trimmed, action: filter });
  }

  function clear() {
    setTerm('');
    setOpen(false);
    if (onResultsPage(filter, location.pathname, params)) runSearch('');
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      runSearch(term);
    } else if (event.key === 'Escape') {
      clear();
    }
  }

  if (!expanded) {
    return (
      <div className="search-bar search-bar--collapsed" ref={root}>
        <button
          type="button"
          className="icon-button"
          aria-label="Open search"
          onClick={expand}
          onKeyDown={(e) => e.key === 'Enter' && expand()}
        >
          <SearchIcon />
        </button>
      </div>
    );
  }

  const showDropdown = open && Boolean(searchableTerm(term)) && state.status !== 'idle';
  return (
    <div
      className={`search-bar search-bar--${variant}`}
      ref={root}
      role="search"
      data-page-search={variant === 'page' ? '' : undefined}
    >
      <label className="visually-hidden" htmlFor={`${listId}-filter`}>
        Search in
      </label>
      <select
        id={`${listId}-filter`}
        className="search-bar__filter"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value as SearchFilter);
          setOpen(focused);
        }}
      >
        {FILTERS.map((f) => (
          <option key={f} value={f}>
            {searchFilterOptions[f].name}
          </option>
        ))}
      </select>
      <span className="search-bar__icon">
        <SearchIcon />
      </span>
      <input
        ref={input}
        className="search-bar__input"
        type="search"
        role="combobox"
        aria-label="Search"
        aria-expanded={showDropdown}
        aria-controls={`${listId}-list`}
        aria-autocomplete="list"
        placeholder="Search docs, diagrams and designers"
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      {state.status === 'loading' && showDropdown ? (
        <span className="spinner" role="status" aria-label="Loading suggestions" />
      ) : null}
      {term ? (
        <button type="button" className="icon-button search-bar__clear" aria-label="Clear search" onClick={clear}>
          ×
        </button>
      ) : null}
      {showDropdown ? (
        <div className="search-dropdown" id={`${listId}-list`} data-testid="search-dropdown">
          {state.status === 'loaded' && state.items.length === 0 ? (
            <p className="search-dropdown__empty">no results found</p>
          ) : null}
          {state.status === 'loaded' && state.items.length ? (
            <ul role="listbox" aria-label="Suggestions">
              {state.items.map((s) => (
                <li key={`${s.category}-${s.id}`} role="option" aria-selected={false}>
                  <Link to={s.url} onClick={() => setOpen(false)}>
                    <span className="search-dropdown__title">{s.title}</span>
                    <span className="search-dropdown__category">in {categoryNames[s.category]}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {state.status === 'loading' ? <p className="search-dropdown__empty">Searching…</p> : null}
          <Link className="search-dropdown__all" to={resultsUrl(filter, term)} onClick={() => setOpen(false)}>
            view all results
          </Link>
        </div>
      ) : null}
    </div>
  );
}

export function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}
