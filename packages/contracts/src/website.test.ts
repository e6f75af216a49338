import { describe, expect, it } from 'vitest';
import { diagramSlug, isAlphanumeric, slugify } from './website.js';

describe("website.md §5's slug and alphanumeric rules (A43, A44)", () => {
  it('slugs: whitespace becomes hyphens, other characters than letters, digits and hyphens go, lowercased', () => {
    expect(slugify('Crafting Loop Alpha')).toBe('crafting-loop-alpha');
    expect(slugify('Gold & Gems: v2.0')).toBe('gold--gems-v20');
    expect(slugify('snake_case name')).toBe('snakecase-name');
    expect(slugify('Économie du jeu')).toBe('économie-du-jeu');
    expect(slugify('  Tabs\tand\nlines  ')).toBe('tabs-and-lines');
    expect(diagramSlug('!!!')).toBe('diagram');
    expect(diagramSlug('x'.repeat(100))).toHaveLength(80);
  });

  it('the alphanumeric check accepts letters and digits only', () => {
    for (const ok of ['abc', 'ABC123', '0', 'AbCdEf0123456789']) expect(isAlphanumeric(ok), ok).toBe(true);
    for (const bad of ['', 'a-b', 'a b', 'a_b', 'ü', 'abc!', '12.5']) expect(isAlphanumeric(bad), bad).toBe(false);
  });
});
