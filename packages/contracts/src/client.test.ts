import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as client from './client.js';
import * as everything from './index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module specifier `file` reaches through runtime imports (type-only imports are erased). */
function runtimeGraph(file: string, reached = new Set<string>(), visited = new Set<string>()): Set<string> {
  if (visited.has(file)) return reached;
  visited.add(file);
  const source = readFileSync(path.join(here, file), 'utf8');
  for (const [, kind, target] of source.matchAll(/^(?:import|export)(\s+type)?[^'";]*from\s+'([^']+)'/gm)) {
    if (kind) continue;
    reached.add(target);
    if (target.startsWith('./')) runtimeGraph(target.replace(/\.js$/, '.ts'), reached, visited);
  }
  return reached;
}

describe('the client entry (what page bundles import)', () => {
  it('reaches no zod and no schema module', () => {
    const graph = [...runtimeGraph('client.ts')];
    expect(graph).not.toContain('zod');
    expect(graph.filter((m) => m.startsWith('./')).sort()).toEqual([
      './constants.js',
      './diagrams-texts.js',
      './proposals-texts.js',
      './search-rules.js',
      './tracking-rules.js',
      './website.js',
    ]);
  });

  it('hands out the same values as the main entry', () => {
    for (const [name, value] of Object.entries(client))
      expect(everything[name as keyof typeof everything], name).toBe(value);
    expect(client.searchableTerm(' po ')).toBeNull();
    expect(client.searchableTerm('  pool ')).toBe('pool');
    expect(client.suggestionContextFor('/en/community/explore')).toBe('community');
  });
});
