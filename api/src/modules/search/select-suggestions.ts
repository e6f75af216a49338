import { SearchRules, type Suggestion, type SuggestionCategory, type SuggestionContext } from '@loopwright/contracts';

const ALL: SuggestionCategory[] = ['documentation', 'diagrams', 'designers'];

/** Categories a page puts first: docs on /docs pages, diagrams and designers on /community. */
export function priorityCategories(context: SuggestionContext): SuggestionCategory[] {
  return context === 'docs' ? ['documentation'] : context === 'community' ? ['diagrams', 'designers'] : [];
}

/**
 * The spec's selection: one item per category first (priority categories first), then fill up
 * to `count`; the result sorts priority categories first, then alphabetically by category.
 */
export function selectSuggestions(
  byCategory: Partial<Record<SuggestionCategory, Suggestion[]>>,
  context: SuggestionContext,
  count: number = SearchRules.suggestionCount,
): Suggestion[] {
  const priority = priorityCategories(context);
  const order = [...priority, ...ALL.filter((c) => !priority.includes(c)).sort()];
  const queues = new Map(order.map((c) => [c, [...(byCategory[c] ?? [])]]));
  const picked: Suggestion[] = [];
  for (const category of order) {
    const first = queues.get(category)!.shift();
    if (first && picked.length < count) picked.push(first);
  }
  for (const category of order) {
    const queue = queues.get(category)!;
    while (queue.length && picked.length < count) picked.push(queue.shift()!);
  }
  const rank = (c: SuggestionCategory) => (priority.includes(c) ? priority.indexOf(c) : priority.length);
  return picked
    .map((s, index) => ({ s, index }))
    .sort(
      (a, b) =>
        rank(a.s.category) - rank(b.s.category) || a.s.category.localeCompare(b.s.category) || a.index - b.index,
    )
    .map(({ s }) => s);
}
