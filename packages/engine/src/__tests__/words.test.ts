import { describe, expect, it } from 'vitest';
import { countOf, withArticle } from '../words.js';

describe('countOf and withArticle', () => {
  it('puts the noun in the number of the count, with thousands separated', () => {
    expect(countOf(1, 'editor')).toBe('1 editor');
    expect(countOf(0, 'editor')).toBe('0 editors');
    expect(countOf(250, 'time step')).toBe('250 time steps');
    expect(countOf(1000, 'like')).toBe('1,000 likes');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
  it('chooses a or an', () => {
    expect(withArticle('end condition')).toBe('an end condition');
    expect(withArticle('pool')).toBe('a pool');
    expect(withArticle('Ending')).toBe('an Ending');
  });
});
