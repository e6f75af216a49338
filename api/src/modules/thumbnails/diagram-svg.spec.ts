import { diagramSchema } from '@loopwright/engine';
import { describe, expect, it } from 'vitest';
import { economyDocument } from '../../../test/factories/diagrams.js';
import { bounds, renderDiagramSvg } from './diagram-svg.js';

describe('diagram SVG', () => {
  it('draws every node and labelled connection, escaping names', () => {
    const document = diagramSchema.parse(economyDocument());
    document.nodes[0].name = 'Income <&> "tax"';
    const svg = renderDiagramSvg(document, { name: 'Economy' });
    expect(svg).toContain('Income &lt;&amp;&gt; &quot;tax&quot;');
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(svg.match(/<path d="M[^"]*" fill="none"/g)).toHaveLength(6);
    expect(svg).toContain('stroke-dasharray="5 4"');
    expect(svg).not.toContain('<script');
  });

  it('fits the diagram into a framed thumbnail with its name, and draws empty diagrams too', () => {
    const framed = renderDiagramSvg(diagramSchema.parse(economyDocument()), {
      name: 'My economy',
      frame: { width: 320, height: 168 },
    });
    expect(framed).toMatch(/^<svg [^>]*width="320" height="168" viewBox="0 0 1200 630"/);
    expect(framed).toContain('My economy');
    expect(bounds(diagramSchema.parse({}))).toBeNull();
    expect(
      renderDiagramSvg(diagramSchema.parse({}), { name: 'Nothing', frame: { width: 320, height: 168 } }),
    ).toContain('Empty diagram');
  });
});
