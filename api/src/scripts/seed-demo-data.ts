/**
 * Sample community for `npm run seed:demo`: designers and diagrams written for Loopwright (our own
 * documents in the engine's open format, no third-party copies). Nobody can log in as these
 * designers: they have no password.
 */
type Node = Record<string, unknown> & { id: string; type: string; name: string; x: number; y: number };
type Connection = { id: string; kind: 'resource' | 'state'; from: string; to: string; formula: string };
export interface DemoDiagram {
  name: string;
  description: string;
  tags: string[];
  template?: string;
  document: { version: 1; settings: Record<string, unknown>; nodes: Node[]; connections: Connection[]; variables: [] };
}

const doc = (stepsLimit: number, nodes: Node[], connections: Connection[]): DemoDiagram['document'] => ({
  version: 1,
  settings: { stepsLimit, seed: 11 },
  nodes,
  connections,
  variables: [],
});
const r = (id: string, from: string, to: string, formula: string): Connection => ({
  id,
  kind: 'resource',
  from,
  to,
  formula,
});
const s = (id: string, from: string, to: string, formula: string): Connection => ({
  id,
  kind: 'state',
  from,
  to,
  formula,
});

export const demoDiagrams: DemoDiagram[] = [
  {
    name: 'Gold faucet and upkeep sink',
    description:
      'The smallest living economy: a dice-driven income against a fixed upkeep. Watch the balance drift upward and ask whether the sink is strong enough.',
    tags: ['Sinks', 'Faucets'],
    template: 'patterns',
    document: doc(
      60,
      [
        { id: 'income', type: 'source', name: 'Income', x: 40, y: 80, activation: 'automatic' },
        { id: 'gold', type: 'pool', name: 'Gold', x: 220, y: 80, start: 0 },
        { id: 'upkeep', type: 'drain', name: 'Upkeep', x: 400, y: 80, activation: 'automatic' },
      ],
      [r('c1', 'income', 'gold', 'D6+1'), r('c2', 'gold', 'upkeep', '4')],
    ),
  },
  {
    name: 'Compound investment engine',
    description:
      'Gold is reinvested into upgrades that raise income: a positive feedback loop (the dynamic engine pattern). The curve bends upward after a slow start.',
    tags: ['Engines', 'Feedback loops'],
    template: 'patterns',
    document: doc(
      40,
      [
        { id: 'income', type: 'source', name: 'Income', x: 40, y: 120, activation: 'automatic' },
        { id: 'gold', type: 'pool', name: 'Gold', x: 220, y: 120, start: 0 },
        { id: 'invest', type: 'converter', name: 'Invest', x: 400, y: 120, activation: 'automatic', mode: 'pull-all' },
        { id: 'upgrades', type: 'pool', name: 'Upgrades', x: 580, y: 120, start: 0 },
      ],
      [
        r('c1', 'income', 'gold', '1'),
        r('c2', 'gold', 'invest', '5'),
        r('c3', 'invest', 'upgrades', '1'),
        s('s1', 'upgrades', 'c1', '+1'),
      ],
    ),
  },
  {
    name: 'Crafting chain: ore to swords',
    description:
      'Two converters in a row turn mined ore into bars and bars into swords. The slowest step sets the pace of the whole chain.',
    tags: ['Crafting', 'Converters'],
    document: doc(
      50,
      [
        { id: 'mine', type: 'source', name: 'Mine', x: 40, y: 100, activation: 'automatic' },
        { id: 'ore', type: 'pool', name: 'Ore', x: 200, y: 100, start: 0 },
        { id: 'smelt', type: 'converter', name: 'Smelt', x: 360, y: 100, activation: 'automatic', mode: 'pull-all' },
        { id: 'bars', type: 'pool', name: 'Bars', x: 520, y: 100, start: 0 },
        { id: 'forge', type: 'converter', name: 'Forge', x: 680, y: 100, activation: 'automatic', mode: 'pull-all' },
        { id: 'swords', type: 'pool', name: 'Swords', x: 840, y: 100, start: 0 },
      ],
      [
        r('c1', 'mine', 'ore', 'D6'),
        r('c2', 'ore', 'smelt', '3'),
        r('c3', 'smelt', 'bars', '1'),
        r('c4', 'bars', 'forge', '2'),
        r('c5', 'forge', 'swords', '1'),
      ],
    ),
  },
  {
    name: 'Energy refill with a cap',
    description:
      'Mobile-style energy: it refills by one per step up to a cap of 20, and each play costs 5. Overflow is lost, so waiting too long wastes refills.',
    tags: ['Free-to-play', 'Stamina'],
    document: doc(
      60,
      [
        { id: 'refill', type: 'source', name: 'Refill', x: 40, y: 80, activation: 'automatic' },
        { id: 'energy', type: 'pool', name: 'Energy', x: 220, y: 80, start: 20, capacity: 20 },
        { id: 'play', type: 'drain', name: 'Play a level', x: 400, y: 80, activation: 'automatic', mode: 'pull-all' },
      ],
      [r('c1', 'refill', 'energy', '1'), r('c2', 'energy', 'play', '5')],
    ),
  },
  {
    name: 'Race to ten victory points',
    description:
      'Settlements score two points each step; the run ends when a player reaches ten. A compact model of an end condition driven by state.',
    tags: ['Board games', 'End conditions'],
    template: 'framework',
    document: doc(
      30,
      [
        { id: 'build', type: 'source', name: 'Build', x: 40, y: 80, activation: 'automatic' },
        { id: 'settlements', type: 'pool', name: 'Settlements', x: 220, y: 80, start: 0 },
        { id: 'vp', type: 'register', name: 'Victory points', x: 400, y: 80, formula: '2*a', initial: 0 },
        { id: 'win', type: 'end', name: 'win', x: 580, y: 80 },
      ],
      [r('c1', 'build', 'settlements', '1'), s('s1', 'settlements', 'vp', 'a'), s('s2', 'settlements', 'win', '>=5')],
    ),
  },
  {
    name: 'Loot table with a gate',
    description:
      'A random gate splits chests into common, rare and epic drops by weight (80/15/5). Run it many times to see how often a player goes twenty chests without an epic.',
    tags: ['Loot', 'Randomness'],
    document: doc(
      50,
      [
        { id: 'chests', type: 'source', name: 'Chests', x: 40, y: 140, activation: 'automatic' },
        { id: 'roll', type: 'gate', name: 'Roll', x: 220, y: 140, distribution: 'random' },
        { id: 'common', type: 'pool', name: 'Common', x: 400, y: 40, start: 0 },
        { id: 'rare', type: 'pool', name: 'Rare', x: 400, y: 140, start: 0 },
        { id: 'epic', type: 'pool', name: 'Epic', x: 400, y: 240, start: 0 },
      ],
      [
        r('c1', 'chests', 'roll', '1'),
        r('c2', 'roll', 'common', '80%'),
        r('c3', 'roll', 'rare', '15%'),
        r('c4', 'roll', 'epic', '5%'),
      ],
    ),
  },
  {
    name: 'Attrition duel',
    description:
      'Two armies wear each other down; each side loses units in proportion to the other side. A classic attrition pattern with a clear winner.',
    tags: ['Attrition', 'Strategy'],
    template: 'patterns',
    document: doc(
      40,
      [
        { id: 'red', type: 'pool', name: 'Red army', x: 80, y: 80, start: 60 },
        { id: 'blue', type: 'pool', name: 'Blue army', x: 80, y: 240, start: 45 },
        { id: 'redLoss', type: 'drain', name: 'Red losses', x: 300, y: 80, activation: 'automatic' },
        { id: 'blueLoss', type: 'drain', name: 'Blue losses', x: 300, y: 240, activation: 'automatic' },
      ],
      [r('c1', 'red', 'redLoss', '2'), r('c2', 'blue', 'blueLoss', '3')],
    ),
  },
  {
    name: 'Season pass progression',
    description:
      'Daily quests give experience; every 100 experience unlocks a tier. Shows how many days a season needs for a player who plays most days.',
    tags: ['Live ops', 'Progression'],
    document: doc(
      90,
      [
        { id: 'quests', type: 'source', name: 'Daily quests', x: 40, y: 100, activation: 'automatic' },
        { id: 'xp', type: 'pool', name: 'Experience', x: 220, y: 100, start: 0 },
        { id: 'tier', type: 'converter', name: 'Tier up', x: 400, y: 100, activation: 'automatic', mode: 'pull-all' },
        { id: 'tiers', type: 'pool', name: 'Tiers', x: 580, y: 100, start: 0 },
      ],
      [r('c1', 'quests', 'xp', '2D6+8'), r('c2', 'xp', 'tier', '100'), r('c3', 'tier', 'tiers', '1')],
    ),
  },
  {
    name: 'Market with a trading fee',
    description:
      'Players sell wood for coins through a market that keeps a fee: a friction pattern that slowly removes currency from the game.',
    tags: ['Sinks', 'Trading'],
    document: doc(
      50,
      [
        { id: 'forest', type: 'source', name: 'Forest', x: 40, y: 100, activation: 'automatic' },
        { id: 'wood', type: 'pool', name: 'Wood', x: 200, y: 100, start: 0 },
        { id: 'sell', type: 'converter', name: 'Sell', x: 360, y: 100, activation: 'automatic', mode: 'pull-all' },
        { id: 'coins', type: 'pool', name: 'Coins', x: 520, y: 100, start: 0 },
        { id: 'fee', type: 'drain', name: 'Market fee', x: 680, y: 100, activation: 'automatic' },
      ],
      [
        r('c1', 'forest', 'wood', '3'),
        r('c2', 'wood', 'sell', '2'),
        r('c3', 'sell', 'coins', '3'),
        r('c4', 'coins', 'fee', '1'),
      ],
    ),
  },
  {
    name: 'Escalating boss waves',
    description:
      'Each wave cleared makes the next one bigger: an escalation pattern. The run ends when the defenders can no longer keep up.',
    tags: ['Escalation', 'Combat'],
    document: doc(
      40,
      [
        { id: 'spawn', type: 'source', name: 'Spawner', x: 40, y: 100, activation: 'automatic' },
        { id: 'enemies', type: 'pool', name: 'Enemies', x: 220, y: 100, start: 0 },
        { id: 'defence', type: 'drain', name: 'Defence', x: 400, y: 100, activation: 'automatic' },
        { id: 'cleared', type: 'source', name: 'Waves cleared', x: 40, y: 260, activation: 'automatic' },
        { id: 'waves', type: 'pool', name: 'Waves', x: 220, y: 260, start: 0 },
        { id: 'lost', type: 'end', name: 'overrun', x: 580, y: 100 },
      ],
      [
        r('c1', 'spawn', 'enemies', '3'),
        r('c2', 'enemies', 'defence', '6'),
        r('c3', 'cleared', 'waves', '1'),
        s('s1', 'waves', 'c1', '+1'),
        s('s2', 'enemies', 'lost', '>=30'),
      ],
    ),
  },
];

const FIRST = ['Ada', 'Kenji', 'Sam', 'Lina', 'Mateo', 'Priya', 'Jonas', 'Amara', 'Tomás', 'Yuki', 'Noor', 'Felix'];
const LAST = [
  'Moreno',
  'Ito',
  'Okafor',
  'Berg',
  'Alvarez',
  'Raman',
  'Keller',
  'Mensah',
  'Ribeiro',
  'Sato',
  'Haddad',
  'Lund',
];
const JOBS = [
  'Lead economy designer',
  'Systems designer',
  'Live-ops designer',
  'Game design student',
  'Monetisation designer',
  'Board game designer',
  'Technical designer',
  'Indie developer',
];

/** Sample designers beyond the three of `db:seed`; every third one is available for hire. */
export const demoCommunityDesigners = FIRST.map((first, i) => ({
  email: `${first
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '')}.${LAST[i].toLowerCase()}@demo.loopwright.local`,
  username: `${first
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '')}-${LAST[i].toLowerCase()}`,
  firstName: first,
  lastName: LAST[i],
  jobTitle: JOBS[i % JOBS.length],
  about: `${first} models game economies in Loopwright and shares what works.`,
  availableForHire: i % 3 === 1,
  emailConfirmedAt: new Date(Date.UTC(2026, i % 10, 1 + i)),
}));
