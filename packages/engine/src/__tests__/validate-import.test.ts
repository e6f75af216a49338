import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../compile.js';
import { importDiagram, importMachinationsXml, importMxGraphXml } from '../import/index.js';
import { CompileError } from '../problems.js';
import { run } from '../run.js';
import { diagramSchema } from '../schema.js';
import { inspect, validate } from '../validate.js';
import { diagram, fixture, FIXTURES } from './helpers.js';

const codes = (d: unknown) => validate(d).map((p) => `${p.id}:${p.code}`);

describe('validate (ENGINE.md §8)', () => {
  it('explains why nodes are disabled', () => {
    const d = diagram(
      [
        { id: 'conv', type: 'converter' },
        { id: 'P', type: 'pool', start: 5, capacity: 3 },
        { id: 'Q', type: 'pool' },
        { id: 'trader', type: 'trader' },
        { id: 'delay', type: 'delay' },
        { id: 'src', type: 'source' },
        { id: 'drain', type: 'drain' },
        { id: 'gate', type: 'gate' },
        { id: 'end', type: 'end' },
        { id: 'reg', type: 'register', formula: 'a + zz' },
      ],
      [
        { id: 'c1', from: 'conv', to: 'P' },
        { id: 'c2', from: 'conv', to: 'Q' },
        { id: 'd1', from: 'delay', to: 'P' },
        { id: 'd2', from: 'delay', to: 'Q' },
        { id: 'g0', from: 'P', to: 'gate' },
        { id: 'g1', from: 'gate', to: 'P', formula: '2' },
        { id: 'g2', from: 'gate', to: 'Q', formula: '>3' },
        { id: 'i', kind: 'state', from: 'P', to: 'reg', formula: 'a' },
        { id: 'bad', from: 'P', to: 'nowhere' },
        { id: 'f', from: 'Q', to: 'P', formula: '3 +' },
      ],
    );
    const found = codes(d);
    for (const c of [
      'conv:CONVERTER_NO_INPUT',
      'conv:CONVERTER_OUTPUTS',
      'P:START_EXCEEDS_CAPACITY',
      'trader:TRADER_PAIRS',
      'delay:DELAY_OUTPUTS',
      'src:SOURCE_NO_OUTPUT',
      'drain:DRAIN_NO_INPUT',
      'gate:GATE_MIXED_OUTPUTS',
      'end:END_NO_INPUT',
      'reg:REGISTER_UNKNOWN_NAME',
      'bad:DANGLING_CONNECTION',
      'f:INVALID_FORMULA',
    ])
      expect(found).toContain(c);
    const reg = validate(d).find((p) => p.code === 'REGISTER_UNKNOWN_NAME')!;
    expect(reg.position).toBe(5);
    expect(reg.message).toMatch(/only its named inputs \(a\)/);
  });

  it('compile throws every error with element id and position; warnings only disable', () => {
    const d = diagram(
      [
        { id: 'S', type: 'source', activation: 'automatic' },
        { id: 'P', type: 'pool' },
        { id: 'lonely', type: 'drain' },
      ],
      [{ id: 'c', from: 'S', to: 'P', formula: 'D6 + (' }],
    );
    try {
      compile(d);
      expect.fail('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(CompileError);
      const p = (e as CompileError).problems.find((x) => x.severity === 'error')!;
      expect(p).toMatchObject({ id: 'c', code: 'INVALID_FORMULA', position: 7, field: 'formula' });
    }
    expect(codes(diagram([{ id: 'D', type: 'drain' }], []))).toEqual(['D:DRAIN_NO_INPUT']);
    expect(() => compile(diagram([{ id: 'D', type: 'drain' }], []))).not.toThrow();
  });

  it('reports schema problems with the element id', () => {
    const problems = validate({ nodes: [{ id: 'x', type: 'pool', start: -1 }] });
    expect(problems[0]).toMatchObject({ id: 'x', code: 'SCHEMA', severity: 'error' });
  });

  it('inspect answers the parsed document, as the analysis left it, with the same problems', () => {
    for (const name of readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
      const input = fixture(name.replace(/\.json$/, ''));
      const { document, problems } = inspect(input);
      expect(document, name).toEqual(diagramSchema.parse(input));
      expect(problems, name).toEqual(validate(input));
    }
    const refused = inspect({ nodes: [{ id: 'x', type: 'pool', start: -1 }] });
    expect(refused.document).toBeNull();
    expect(refused.problems[0]).toMatchObject({ id: 'x', code: 'SCHEMA' });
  });
});

describe('import (ENGINE.md §9)', () => {
  it('reads the original Machinations XML (ids by document order) and reports what it left out', () => {
    const text = readFileSync(`${FIXTURES}ex08-invest.machinations.xml`, 'utf8');
    const r = importMachinationsXml(text);
    expect(r.warnings).toEqual([
      { id: 'n8', kind: 'ArtificialPlayer', message: expect.stringContaining('artificial players') },
    ]);
    expect(r.diagram.connections!.find((c) => c.kind === 'state')).toMatchObject({
      from: 'n3',
      to: 'c4',
      formula: '+1',
    });
    const res = run(r.diagram, { steps: 16 });
    expect(res.series.n1).toEqual([1, 2, 3, 4, 5, 1, 3, 5, 2, 5, 3, 7, 6, 6, 7, 9]);
    expect(importDiagram(text).format).toBe('machinations');
  });

  it('reads machinations.io mxGraph XML: strips HTML, prefers formula over value over label', () => {
    const text = readFileSync(`${FIXTURES}ex10-activator-end.mxgraph.xml`, 'utf8');
    const r = importMxGraphXml(text);
    expect(r.diagram.nodes!.map((n) => n.name)).toEqual(['S1', 'P', 'S2', 'Q', 'win']);
    expect(r.diagram.connections!.map((c) => c.formula)).toEqual(['1', '1', '<3', '>=5']);
    expect(r.warnings.filter((w) => w.kind !== 'layer').map((w) => w.id)).toEqual(['x1']);
    const res = run(r.diagram);
    expect(res.end).toBe('win');
    expect(res.series.q).toEqual([1, 2, 3, 3, 3]);
    expect(importDiagram(text).format).toBe('mxgraph');
  });

  it('reads mxCell wrappers and reports connections to dropped elements', () => {
    const xml = `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <object id="p" label="Gold" number="4"><mxPoolShapeCell vertex="1" parent="1"><mxGeometry x="5" y="6"/></mxPoolShapeCell></object>
      <mxCell id="u" value="?" style="shape=hexagon" vertex="1" parent="1"/>
      <mxResourceConnectionCell id="e" source="p" target="u" value="1" edge="1"/></root></mxGraphModel>`;
    const r = importDiagram(xml);
    expect(r.diagram.nodes).toEqual([
      expect.objectContaining({ id: 'p', type: 'pool', name: 'Gold', start: 4, x: 5, y: 6 }),
    ]);
    expect(r.warnings.map((w) => `${w.id}:${w.kind}`).sort()).toEqual([
      '0:layer',
      '1:layer',
      'e:resource connection',
      'u:mxCell',
    ]);
  });

  it('detects JSON and rejects what it cannot read', () => {
    expect(importDiagram('{"nodes": []}').format).toBe('json');
    expect(() => importDiagram('hello')).toThrow(/JSON or XML/);
    expect(() => importDiagram('<svg/>')).toThrow(/unknown XML/);
  });
});
