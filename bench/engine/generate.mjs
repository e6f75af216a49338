// Deterministic generator of realistic test diagrams: a mix of element types, random formulas.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RATES = ['1', '2', '3', 'D6', '25%', '1|2', 'randomInt(1, 3)', '0.5', '2D6-4', '150%'];

/** About `size` nodes: sources, pools, drains, converters, gates, delays, registers, one end condition. */
export function generateDiagram(size, seed = 1) {
  const r = rng(seed * 7919 + size);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const nodes = [];
  const connections = [];
  let cid = 0;
  const conn = (kind, from, to, formula) => {
    const id = `c${cid++}`;
    connections.push({ id, kind, from, to, formula });
    return id;
  };
  const groups = Math.max(1, Math.round(size / 10));
  const pools = [];
  for (let g = 0; g < groups; g++) {
    const id = (s) => `g${g}_${s}`;
    nodes.push({ id: id('src'), type: 'source', activation: 'automatic' });
    nodes.push({ id: id('gold'), type: 'pool', start: Math.floor(r() * 10) });
    nodes.push({ id: id('wood'), type: 'pool', start: Math.floor(r() * 10), capacity: 50 + Math.floor(r() * 50) });
    nodes.push({ id: id('gate'), type: 'gate', distribution: r() < 0.5 ? 'random' : 'deterministic' });
    nodes.push({ id: id('conv'), type: 'converter', activation: 'automatic' });
    nodes.push({ id: id('items'), type: 'pool' });
    nodes.push({ id: id('spend'), type: 'pool', activation: 'automatic', mode: r() < 0.5 ? 'pull-any' : 'pull-all' });
    nodes.push({ id: id('drain'), type: 'drain', activation: 'automatic' });
    nodes.push({ id: id('delay'), type: 'delay', queue: r() < 0.3 });
    nodes.push({ id: id('score'), type: 'register', formula: 'a * 2 + b - floor(a / 3)' });
    pools.push(id('gold'), id('items'));
    const income = conn('resource', id('src'), id('gate'), pick(RATES));
    conn('resource', id('gate'), id('gold'), String(1 + Math.floor(r() * 3)));
    conn('resource', id('gate'), id('wood'), String(1 + Math.floor(r() * 3)));
    conn('resource', id('gold'), id('conv'), String(2 + Math.floor(r() * 3)));
    conn('resource', id('wood'), id('conv'), pick(['1', '2']));
    conn('resource', id('conv'), id('delay'), '1');
    conn('resource', id('delay'), id('items'), pick(['2', '3', 'D4']));
    conn('resource', id('items'), id('spend'), pick(RATES));
    conn('resource', id('spend'), id('drain'), pick(['1', '2', 'all']));
    conn('state', id('gold'), id('score'), 'a');
    conn('state', id('items'), id('score'), 'b');
    conn('state', id('wood'), id('spend'), pick(['>2', '<40', '1..60']));
    if (g > 0) {
      // groups trade with the previous one and its score nudges this income
      conn('resource', `g${g - 1}_items`, id('gold'), pick(['1', '25%']));
      conn('state', `g${g - 1}_score`, income, '+0.01');
    }
  }
  nodes.push({ id: 'end', type: 'end', name: 'rich' });
  conn('state', pools[0], 'end', '>=100000');
  return { version: 1, settings: { stepsLimit: 100 }, nodes, connections, variables: [] };
}
