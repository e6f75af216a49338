import { THUMBNAIL_SIZES } from '@loopwright/contracts';
import { compile, run } from '@loopwright/engine';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { renderDiagramSvg } from '../thumbnails/diagram-svg.js';
import { chartedDocument, readCatalogue } from './template-catalogue.js';

const catalogue = await readCatalogue();

describe('the template catalogue (content/templates)', () => {
  it('holds at least 80 templates in every section but Community, each its own diagram with its own id, title and description', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(80);
    expect(new Set(catalogue.map((t) => t.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((t) => t.title)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((t) => t.description)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((t) => t.position)).size).toBe(catalogue.length);
    const sections = new Set(catalogue.map((t) => t.type));
    expect([...sections].sort()).toEqual(['book', 'deconstructions', 'framework', 'patterns', 'tutorials', 'webinars']);
    for (const type of ['patterns', 'deconstructions', 'framework', 'webinars', 'book'])
      expect(catalogue.filter((t) => t.type === type).length, type).toBeGreaterThanOrEqual(10);
    // Distinct diagrams: no two share their elements, wiring and numbers.
    const shape = (t: (typeof catalogue)[number]) =>
      JSON.stringify([
        t.document.nodes.map((n) => [n.type, n.name]),
        t.document.connections.map((c) => [c.kind, c.from, c.to, c.formula]),
      ]);
    expect(new Set(catalogue.map(shape)).size).toBe(catalogue.length);
  });

  it.each(catalogue.map((t) => [t.id, t] as const))('%s has a thumbnail picture of its diagram', (_id, template) => {
    const svg = renderDiagramSvg(chartedDocument(template), { name: template.title, frame: THUMBNAIL_SIZES.small });
    for (const node of template.document.nodes) expect(svg).toContain(node.name.slice(0, 8));
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: THUMBNAIL_SIZES.small.width } }).render().asPng();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(2000);
  });

  it.each(catalogue.map((t) => [t.id, t] as const))('%s runs and every charted series changes', (_id, template) => {
    const program = compile(chartedDocument(template));
    const result = run(program, { seed: 1 });
    expect(result.steps).toBeGreaterThan(3);
    for (const id of template.chart) {
      const series = result.series[id];
      expect(series, `${id} is charted`).toBeDefined();
      expect(new Set(series).size, `${template.id}: ${id} never changes`).toBeGreaterThan(1);
    }
  });

  it('points every tour step at elements that exist, and every tutorial has a tour', () => {
    for (const t of catalogue) {
      const ids = new Set([...t.document.nodes.map((n) => n.id), ...t.document.connections.map((c) => c.id)]);
      for (const step of t.tour ?? []) for (const id of step.nodes) expect(ids.has(id), `${t.id}: ${id}`).toBe(true);
      if (t.type === 'tutorials') expect(t.tour?.length ?? 0).toBeGreaterThanOrEqual(3);
    }
  });

  it('tells a different story per template: the known shapes hold', () => {
    const byId = new Map(catalogue.map((t) => [t.id, run(compile(chartedDocument(t)), { seed: 1 })]));
    const gold = byId.get('static-engine')!.series.Gold;
    expect(gold[10] - gold[9]).toBe(gold[20] - gold[19]);
    const dynamic = byId.get('dynamic-engine')!.series.Gold;
    expect(dynamic.at(-1)!).toBeGreaterThan(gold.at(-1)! * 2);
    const friction = byId.get('dynamic-friction')!.series.Gold;
    expect(Math.max(...friction)).toBeGreaterThan(friction.at(-1)!);
    expect(byId.get('attrition')!.end).toBe('Blue wins');
    const warehouse = byId.get('capacity-limit')!.series.Warehouse;
    expect(Math.max(...warehouse)).toBeLessThanOrEqual(40);
    expect(warehouse.slice(-10).every((v) => v >= 38)).toBe(true);
  });
});
