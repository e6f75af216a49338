import type { Suggestion, SuggestionCategory } from '@loopwright/contracts';
import { describe, expect, it } from 'vitest';
import { selectSuggestions } from './select-suggestions.js';

const make = (category: SuggestionCategory, n: number): Suggestion[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${category}-${i}`, title: `${category} ${i}`, category, url: '/' }));

describe('selectSuggestions', () => {
  it('takes one per category first, then fills up to 7', () => {
    const picked = selectSuggestions(
      { documentation: make('documentation', 10), designers: make('designers', 1) },
      'other',
    );
    expect(picked).toHaveLength(7);
    expect(picked.filter((s) => s.category === 'designers')).toHaveLength(1);
    // alphabetical by category when nothing has priority
    expect(picked[0].category).toBe('designers');
  });

  it('puts documentation first on /docs pages and community categories first on /community', () => {
    const lists = { documentation: make('documentation', 3), designers: make('designers', 3) };
    expect(selectSuggestions(lists, 'docs')[0].category).toBe('documentation');
    expect(selectSuggestions(lists, 'community')[0].category).toBe('designers');
    expect(selectSuggestions(lists, 'community').at(-1)!.category).toBe('documentation');
  });

  it('returns nothing when nothing matches', () => {
    expect(selectSuggestions({}, 'other')).toEqual([]);
  });
});
