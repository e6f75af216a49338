/** Search rules the browser needs too; zod-free so page bundles can import it (contracts/client). */

/** Search bar filters; each has a display name and the results page it leads to. */
export const searchFilters = ['all', 'documentation', 'diagrams', 'designers'] as const;
export type SearchFilter = (typeof searchFilters)[number];
export const suggestionCategories = ['documentation', 'diagrams', 'designers'] as const;
export type SuggestionCategory = (typeof suggestionCategories)[number];
/** Which categories a page puts first: docs on /docs pages, diagrams and designers on /community. */
export const suggestionContexts = ['docs', 'community', 'other'] as const;
export type SuggestionContext = (typeof suggestionContexts)[number];

export const SearchRules = {
  suggestionCount: 7,
  debounceMs: 600,
  /** The trimmed term must be longer than this. */
  minTermLengthExclusive: 2,
  headerSearchHideThresholdPx: 80,
  minSearchWidthPx: 256,
} as const;

export const searchFilterOptions: Record<SearchFilter, { name: string; resultsUrl: string }> = {
  all: { name: 'All', resultsUrl: '/search-results' },
  documentation: { name: 'Documentation', resultsUrl: '/docs/search' },
  diagrams: { name: 'Diagrams', resultsUrl: '/community/see-all?filter=diagrams' },
  designers: { name: 'Designers', resultsUrl: '/community/see-all?filter=designers' },
};

export const categoryNames: Record<SuggestionCategory, string> = {
  documentation: 'Documentation',
  diagrams: 'Diagrams',
  designers: 'Designers',
};

/** A trimmed term longer than 2 characters, or null. */
export function searchableTerm(term: string): string | null {
  const trimmed = term.trim();
  return trimmed.length > SearchRules.minTermLengthExclusive ? trimmed : null;
}

export function suggestionContextFor(pathname: string): SuggestionContext {
  const first = pathname.replace(/^\/en(?=\/|$)/, '').split('/')[1] ?? '';
  return first === 'docs' ? 'docs' : first === 'community' ? 'community' : 'other';
}
