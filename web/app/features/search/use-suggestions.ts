import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client';
import {
  searchableTerm,
  SearchRules,
  type SearchFilter,
  type SuggestionCategory,
  type SuggestionContext,
} from '../../lib/spec';

export interface Suggestion {
  id: string;
  title: string;
  category: SuggestionCategory;
  url: string;
}

export type SuggestionState = { status: 'idle' } | { status: 'loading' } | { status: 'loaded'; items: Suggestion[] };

/**
 * Suggestions for a trimmed term longer than 2 characters, fetched after a 600 ms pause in
 * typing; a newer term or filter cancels the older request.
 */
export function useSuggestions(
  term: string,
  filter: SearchFilter,
  context: SuggestionContext,
  enabled: boolean,
): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    controller.current?.abort();
    const trimmed = searchableTerm(term);
    if (!enabled || !trimmed) {
      setState({ status: 'idle' });
      return;
    }
    const timer = setTimeout(async () => {
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: 'loading' });
      try {
        const items = (await api.search.suggestions(
          { query: { term: trimmed, filter, context, count: SearchRules.suggestionCount } },
          { signal: abort.signal },
        )) as Suggestion[];
        if (!abort.signal.aborted) setState({ status: 'loaded', items });
      } catch {
        if (!abort.signal.aborted) setState({ status: 'loaded', items: [] });
      }
    }, SearchRules.debounceMs);
    return () => clearTimeout(timer);
  }, [term, filter, context, enabled]);

  return state;
}
