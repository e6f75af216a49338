import { describe, expect, it } from 'vitest';
import { runBatchSync } from '../batch.js';
import { importMxGraphXml } from '../import/index.js';
import { run } from '../run.js';
import { validate } from '../validate.js';

/**
 * One small hand-made machinations.io file per construct. The expected traces follow
 * machinations.io's documentation (docs.machinations.io: Gates, Registers, Labels/Formulas/
 * Intervals, State Connections, Trigger Modes); comments say which rule gives each number.
 */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const geo = '<mxGeometry x="10" y="20" width="46" height="46" as="geometry"/>';
const node = (tag: string, id: string, attrs: Record<string, string> = {}, inner = '') =>
  `<${tag} id="${id}" ${Object.entries(attrs)
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(' ')} vertex="1" parent="1">${geo}${inner}</${tag}>`;
const pool = (id: string, attrs: Record<string, string> = {}) =>
  node('mxPoolShapeCell', id, {
    label: id,
    number: '0',
    capacity: '-1',
    activation: 'passive',
    actionMode: 'pull-any',
    ...attrs,
  });
const source = (id: string, activation = 'automatic', attrs: Record<string, string> = {}) =>
  node('mxSourceShapeCell', id, { label: id, activation, ...attrs });
const res = (id: string, from: string, to: string, formula: string, attrs: Record<string, string> = {}) =>
  `<mxResourceConnectionCell id="${id}" source="${from}" target="${to}" formula="${esc(formula)}" ${Object.entries(
    attrs,
  )
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(' ')} edge="1" parent="1"/>`;
const state = (id: string, from: string, to: string, formula: string, attrs: Record<string, string> = {}) =>
  `<mxStateConnectionCell id="${id}" source="${from}" target="${to}" ${formula === '' ? '' : `formula="${esc(formula)}"`} ${Object.entries(
    attrs,
  )
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(' ')} edge="1" parent="1"/>`;
const file = (cells: string[], model: Record<string, string> = {}) =>
  `<mxGraphModel ${Object.entries({ diagram_time_steps_limit: '6', ...model })
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(' ')}><root><mxCell id="0"/><mxCell id="1" parent="0"/>${cells.join('')}</root></mxGraphModel>`;

function load(xml: string) {
  const r = importMxGraphXml(xml);
  expect(validate(r.diagram).filter((p) => p.severity === 'error')).toEqual([]);
  return r;
}
const trace = (xml: string, id: string, steps = 6, seed = 1) => run(load(xml).diagram, { steps, seed }).series[id];

describe('machinations.io constructs', () => {
  it('registers: formula over named inputs, formulas in old labels, interactive values', () => {
    const xml = file([
      source('S'),
      pool('P'),
      res('c', 'S', 'P', '1'),
      node('mxMachinationRegisterCell', 'R', {
        label: 'Double',
        formula: 'a*2',
        isInteractive: '0',
        initialValue: '0',
        step: '1',
        minValue: '-9999',
        maxValue: '9999',
      }),
      node('mxMachinationRegisterCell', 'Old', {
        label: 'Cost: a*10',
        isInteractive: '0',
        initialValue: '0',
        step: '1',
      }),
      node('mxMachinationRegisterCell', 'I', {
        label: 'Level',
        isInteractive: '1',
        initialValue: '3',
        step: '1',
        minValue: '0',
        maxValue: '5',
      }),
      state('in1', 'P', 'R', 'a'),
      state('in2', 'P', 'Old', 'a'),
    ]);
    const r = load(xml);
    expect(r.diagram.nodes!.find((n) => n.id === 'Old')).toMatchObject({ name: 'Cost', formula: 'a*10' });
    expect(r.diagram.nodes!.find((n) => n.id === 'I')).toMatchObject({ interactive: true, initial: 3, min: 0, max: 5 });
    const out = run(r.diagram, { steps: 4 });
    expect(out.series.R).toEqual([2, 4, 6, 8]);
    expect(out.series.Old).toEqual([10, 20, 30, 40]);
    expect(out.series.I).toEqual([3, 3, 3, 3]);
  });

  it('deterministic gate: weights 1 and 3 send 2 of 8 resources one way and 6 the other', () => {
    const xml = file([
      source('S'),
      node('mxGateShapeCell', 'G', { distributionMode: 'deterministic', activation: 'passive' }),
      pool('A'),
      pool('B'),
      res('in', 'S', 'G', '8'),
      res('a', 'G', 'A', '1'),
      res('b', 'G', 'B', '3'),
    ]);
    expect(trace(xml, 'A', 2)).toEqual([2, 4]);
    expect(trace(xml, 'B', 2)).toEqual([6, 12]);
  });

  it('dice gate ("dice" distribution) is random: 50%/50% splits by chance, below 100% destroys the rest', () => {
    const xml = file([
      source('S'),
      node('mxGateShapeCell', 'G', { distributionMode: 'dice', activation: 'passive' }),
      pool('A'),
      pool('B'),
      res('in', 'S', 'G', '1'),
      res('a', 'G', 'A', '50%'),
      res('b', 'G', 'B', '25%'),
    ]);
    expect(load(xml).diagram.nodes!.find((n) => n.id === 'G')!.distribution).toBe('random');
    const batch = runBatchSync(load(xml).diagram, { runs: 2000, steps: 1, seed: 3 });
    expect(Math.abs(batch.summary.A.mean[0] - 0.5)).toBeLessThan(0.05);
    expect(Math.abs(batch.summary.B.mean[0] - 0.25)).toBeLessThan(0.05);
    expect(batch.summary.A.min[0]).toBe(0);
    expect(batch.summary.A.max[0]).toBe(1);
  });

  it('dice notation: lowercase d6 and 2d5+1, skill from the diagram settings', () => {
    const xml = file(
      [
        source('S'),
        pool('P'),
        pool('Q'),
        source('T'),
        pool('K'),
        res('c', 'S', 'P', 'd6'),
        res('d', 'S', 'Q', '2d5+1'),
        res('e', 'T', 'K', 'S*2'),
      ],
      { diagram_skill: '3' },
    );
    const batch = runBatchSync(load(xml).diagram, { runs: 3000, steps: 1, seed: 9 });
    expect([batch.summary.P.min[0], batch.summary.P.max[0]]).toEqual([1, 6]);
    expect(Math.abs(batch.summary.P.mean[0] - 3.5)).toBeLessThan(0.15);
    expect([batch.summary.Q.min[0], batch.summary.Q.max[0]]).toEqual([3, 11]);
    expect(Math.abs(batch.summary.Q.mean[0] - 7)).toBeLessThan(0.2);
    expect(batch.summary.K.mean[0]).toBe(6);
  });

  it('colours: a colour-coded connection takes only its colour (read from resourcesColor)', () => {
    const blue = '{"colorName": "Blue", "colorCode": "#0060e0"}';
    const cells = (coded: string) =>
      file([
        source('S1', 'automatic', { resourcesColor: blue }),
        source('S2'),
        pool('P'),
        node('mxDrainShapeCell', 'D', { activation: 'automatic', actionMode: 'pull-any' }),
        res('c1', 'S1', 'P', '1'),
        res('c2', 'S2', 'P', '1'),
        res('out', 'P', 'D', 'all', { colorCoding: coded, resourcesColor: blue }),
      ]);
    // Resources arrive at the end of a step; the drain pulls what P held at the start of it.
    expect(trace(cells('1'), 'P', 4)).toEqual([2, 3, 4, 5]);
    expect(trace(cells('0'), 'P', 4)).toEqual([2, 2, 2, 2]);
  });

  it('HTML labels: markup goes, entities are decoded, formula text such as <3 stays', () => {
    const label = '<span>&lt;3</span><span></span><span></span>';
    const xml = file([
      source('S'),
      pool('P', { label: '<b>Gold &amp; Gems</b>', style: 'html=1' }),
      source('T'),
      pool('Q'),
      res('c', 'S', 'P', '1'),
      res('d', 'T', 'Q', '1'),
      `<mxStateConnectionCell id="a" source="P" target="T" style="html=1" label="${esc(label)}" edge="1" parent="1"/>`,
    ]);
    const r = load(xml);
    expect(r.diagram.nodes!.find((n) => n.id === 'P')!.name).toBe('Gold & Gems');
    expect(r.diagram.connections!.find((c) => c.id === 'a')!.formula).toBe('<3');
    // T may fire while P < 3: P is 0, 1, 2 at the ends of steps 0–2.
    expect(run(r.diagram, { steps: 6 }).series.Q).toEqual([1, 2, 3, 3, 3, 3]);
  });

  it('intervals and interval modifiers: +1i adds a step to the interval', () => {
    const base = [source('S'), pool('P')];
    expect(trace(file([...base, res('c', 'S', 'P', '1', { interval: '2' })]), 'P')).toEqual([0, 1, 1, 2, 2, 3]);
    const reg = node('mxMachinationRegisterCell', 'R', { isInteractive: '1', initialValue: '1', step: '1' });
    // Interval 1 plus 1 × the register's value (1, counted before step 1): every 2 steps.
    expect(trace(file([...base, reg, res('c', 'S', 'P', '1'), state('m', 'R', 'c', '+1i')]), 'P')).toEqual([
      0, 1, 1, 2, 2, 3,
    ]);
  });

  it('state connections ending on a connection: a condition activates it, a plain number is a label modifier', () => {
    const cells = [source('S'), pool('P'), source('S2'), pool('Q'), res('c', 'S', 'P', '1'), res('q', 'S2', 'Q', '1')];
    // Q is t after step t; the connection moves from the step after Q > 2 holds.
    expect(trace(file([...cells, state('act', 'Q', 'c', '>2')]), 'P')).toEqual([0, 0, 0, 1, 2, 3]);
    const r = load(file([...cells, state('mod', 'Q', 'c', '1')]));
    expect(r.diagram.connections!.find((c) => c.id === 'mod')!.formula).toBe('+1');
    expect(r.warnings.find((w) => w.id === 'mod')).toMatchObject({ kind: 'state connection' });
  });

  it('node modifiers: the default formula is +1, a bare number is the activator ==x, = overwrites a pool', () => {
    const cells = [source('S'), pool('Q'), pool('T'), res('q', 'S', 'Q', '1')];
    // Q's change in step t reaches T at the start of t+1.
    expect(trace(file([...cells, state('m', 'Q', 'T', '')]), 'T', 4)).toEqual([0, 1, 2, 3]);
    const act = file([
      ...cells,
      source('S3', 'automatic'),
      pool('P'),
      res('p', 'S3', 'P', '1'),
      state('a', 'Q', 'S3', '3'),
    ]);
    expect(trace(act, 'P')).toEqual([0, 0, 0, 1, 1, 1]);
    const reg = node('mxMachinationRegisterCell', 'R', { isInteractive: '1', initialValue: '5', step: '1' });
    expect(trace(file([reg, pool('T', { number: '500' }), state('set', 'R', 'T', '=')]), 'T', 3)).toEqual([5, 5, 5]);
  });

  it('a trigger that starts at a pool fires when resources arrive in it', () => {
    const xml = file([
      source('S'),
      pool('B'),
      source('C', 'passive'),
      pool('D'),
      res('b', 'S', 'B', '1'),
      res('d', 'C', 'D', '1'),
      state('t', 'B', 'C', '*'),
    ]);
    expect(trace(xml, 'D', 4)).toEqual([0, 1, 2, 3]);
  });

  it('activation modes: interactive nodes wait for a click (passive in batches), "onstart" fires once at the start', () => {
    const xml = file([
      source('I', 'interactive'),
      pool('P'),
      source('O', 'onstart'),
      pool('Q'),
      res('p', 'I', 'P', '1'),
      res('q', 'O', 'Q', '1'),
    ]);
    expect(trace(xml, 'P', 3)).toEqual([0, 0, 0]);
    expect(trace(xml, 'Q', 3)).toEqual([1, 1, 1]);
  });

  it('end conditions stop the run when their activator holds', () => {
    const xml = file([
      source('S'),
      pool('P'),
      node('mxEndConditionShapeCell', 'E', { label: 'Rich' }),
      res('c', 'S', 'P', '1'),
      state('a', 'P', 'E', '>=3'),
    ]);
    const out = run(load(xml).diagram, { steps: 10 });
    expect(out).toMatchObject({ steps: 3, end: 'Rich' });
  });

  it('text and group cells become annotations and frames; artificial players and layers are reported', () => {
    const xml = file([
      node('mxTextCell', 'note', { label: '<i>Economy</i> notes', style: 'shape=text-shape;html=1' }),
      node('mxGroupCell', 'frame', { label: 'Shop' }),
      node('mxArtificialPlayerCell', 'ai', { label: 'Bot' }),
    ]);
    const r = load(xml);
    expect(r.diagram.nodes).toEqual([
      expect.objectContaining({ id: 'note', type: 'text', text: 'Economy notes', width: 46 }),
      expect.objectContaining({ id: 'frame', type: 'group', name: 'Shop' }),
    ]);
    expect(r.warnings.map((w) => `${w.id}:${w.kind}`)).toEqual(['0:layer', '1:layer', 'ai:artificial player']);
  });

  it('whatever the engine would still refuse is left out or fixed, and reported: the import always validates', () => {
    const r = load(
      file([
        source('S'),
        pool('P', { number: '9', capacity: '3' }),
        res('c', 'S', 'P', 'all'),
        `<mxCell id="e" style="shape=resource-connection;html=1" source="P" target="S" edge="1" parent="1"/>`,
      ]),
    );
    expect(r.diagram.connections).toEqual([]);
    expect(r.diagram.nodes!.find((n) => n.id === 'P')!.start).toBe(3);
    expect(r.warnings.filter((w) => w.kind !== 'layer').map((w) => `${w.id}:${w.message}`)).toEqual([
      'P:start 9 is above the capacity 3; imported as 3',
      // Every line: the reason, then what was done.
      "c:'all' needs an origin pool; left out",
      "e:a resource connection cannot end at the source 'S'; left out",
    ]);
  });

  it('diagram settings: time steps, dice, runs and time interval', () => {
    const r = load(
      file([source('S'), pool('P'), res('c', 'S', 'P', 'D')], {
        diagram_time_steps_limit: '7',
        diagram_dice: 'D4',
        diagram_number_of_total_runs: '20',
        time_interval: '0.5',
      }),
    );
    expect(r.diagram.settings).toMatchObject({
      stepsLimit: 7,
      dice: 'D4',
      runs: 20,
      stepSeconds: 0.5,
      poolTriggers: 'onArrival',
    });
    const batch = runBatchSync(r.diagram, { runs: 500, seed: 2 });
    expect(batch.steps).toBe(7);
    expect([batch.summary.P.min[0], batch.summary.P.max[0]]).toEqual([1, 4]);
  });
});
