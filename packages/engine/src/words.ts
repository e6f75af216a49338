/**
 * The one way our texts put a number before a noun: "1 editor", "2 editors", "1,000 time steps".
 * `plural` for nouns that do not just add an s ("1 person", "3 people").
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${nounFor(count, singular, plural)}`;
}

/** The noun alone, in the number of the count (where the count is shown apart, e.g. live). */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** "a pool", "an end condition": the indefinite article the noun's first sound takes (by its first letter). */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
