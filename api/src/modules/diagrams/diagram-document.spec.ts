import { DiagramLimits, DiagramTexts } from '@loopwright/contracts';
import { diagramSchema } from '@loopwright/engine';
import { describe, expect, it } from 'vitest';
import { economyDocument } from '../../../test/factories/diagrams.js';
import { checkDocument, typeTagsOf } from './diagram-document.js';

const doc = (formulas: string[]) =>
  diagramSchema.parse({
    nodes: [
      { id: 'a', type: 'source' },
      { id: 'b', type: 'pool' },
    ],
    connections: formulas.map((formula, i) => ({ id: `c${i}`, kind: 'resource', from: 'a', to: 'b', formula })),
  });

describe('diagram documents', () => {
  it('reads the type tags from the formulas', () => {
    expect(typeTagsOf(doc(['1', '2']))).toEqual([]);
    expect(typeTagsOf(doc(['D6']))).toEqual(['dice']);
    expect(typeTagsOf(doc(['2D6+1']))).toEqual(['dice']);
    expect(typeTagsOf(doc(['S*2', 'ST', 'M+1']))).toEqual(['skill', 'strategy', 'multiplayer']);
    expect(typeTagsOf(doc(['random()', 'max(1, 2)', 'all']))).toEqual([]);
  });

  it('counts components, keeps warnings, refuses errors with the element id', () => {
    const checked = checkDocument(economyDocument(), { allowEmpty: false });
    expect(checked).toMatchObject({
      nodeCount: 7,
      connectionCount: 6,
      componentCount: 13,
      timeStepsLimit: 60,
      typeTags: ['dice'],
    });
    expect(() => checkDocument({ nodes: [] }, { allowEmpty: false })).toThrow('Cannot autosave an empty graph');
    expect(checkDocument({ nodes: [] }, { allowEmpty: true }).nodeCount).toBe(0);
    try {
      checkDocument(doc(['(']), { allowEmpty: false });
      expect.unreachable();
    } catch (error) {
      expect((error as { details: { problems: { id: string }[] } }).details.problems[0].id).toBe('c0');
    }
  });

  it('reads a stored document over the size limits when asked to (they refuse saves)', () => {
    const long = economyDocument({ settings: { stepsLimit: DiagramLimits.maxTimeSteps + 1 } });
    expect(() => checkDocument(long, { allowEmpty: false })).toThrow(DiagramTexts.stepsLimit);
    expect(checkDocument(long, { allowEmpty: false, limits: false }).timeStepsLimit).toBe(
      DiagramLimits.maxTimeSteps + 1,
    );
  });
});
