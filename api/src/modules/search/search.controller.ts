import { Controller, Param, Query } from '@nestjs/common';
import { contentEndpoints, searchEndpoints, type SearchFilter, type SuggestionContext } from '@loopwright/contracts';
import { Endpoint } from '../../core/http/endpoint.decorator.js';
import { SearchService } from './search.service.js';

@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Endpoint(searchEndpoints.suggestions)
  suggestions(@Query() query: { term: string; filter: SearchFilter; count: number; context: SuggestionContext }) {
    return this.search.suggestions(query.term, query.filter, query.context, query.count);
  }

  @Endpoint(searchEndpoints.search)
  results(@Query() query: { q: string; filter: 'all' | 'documentation' }) {
    return this.search.search(query.q, query.filter);
  }

  /** The spec's docs search, `/wp-json/docs/search/{term}`. */
  @Endpoint(contentEndpoints.docsSearch)
  async docs(@Param('term') term: string) {
    const { results } = await this.search.search(term, 'documentation');
    return results.map((r) => ({
      id: r.id,
      slug: r.url.replace('/docs/', ''),
      title: r.title,
      yoast_meta_description: r.excerpt,
      category: { slug: '', title: r.kindName },
    }));
  }
}
