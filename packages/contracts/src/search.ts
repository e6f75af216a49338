import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { SearchRules, searchFilters, suggestionCategories, suggestionContexts } from './search-rules.js';

export * from './search-rules.js';
export const searchFilterSchema = z.enum(searchFilters);
export const suggestionCategorySchema = z.enum(suggestionCategories);
export const suggestionContextSchema = z.enum(suggestionContexts);

export const suggestionSchema = z
  .object({ id: z.string(), title: z.string(), category: suggestionCategorySchema, url: z.string() })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const searchResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    excerpt: z.string(),
    url: z.string(),
    kind: z.string(),
    kindName: z.string(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResultsSchema = z
  .object({ term: z.string(), results: z.array(searchResultSchema), total: z.number().int() })
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const searchEndpoints = {
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/search/suggestions',
    summary: 'Up to 7 suggestions, one per category first',
    tag: 'search',
    public: true,
    query: z.object({
      term: z.string().default(''),
      filter: searchFilterSchema.default('all'),
      count: z.coerce.number().int().min(1).max(20).default(SearchRules.suggestionCount),
      context: suggestionContextSchema.default('other'),
    }),
    responses: { 200: z.array(suggestionSchema) },
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/search',
    summary: 'All-content or documentation results',
    tag: 'search',
    public: true,
    query: z.object({ q: z.string().default(''), filter: z.enum(['all', 'documentation']).default('all') }),
    responses: { 200: searchResultsSchema },
  }),
};
