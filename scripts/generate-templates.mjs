#!/usr/bin/env node
/**
 * Writes the generated part of the template catalogue (content/templates/*.json, positions 38 and up)
 * from a compact table: a handful of parameterised economy patterns, each row its own diagram with
 * its own names, numbers, description and chart. The hand-written templates (positions 1–37) are not
 * touched. Run it after editing the table: `node scripts/generate-templates.mjs`; the unit test
 * api/src/modules/templates/template-catalogue.spec.ts then validates and runs every template.
 */
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'content', 'templates');
const FIRST_POSITION = 38;

/** A small document builder: nodes on a grid (column, row), connections with readable ids. */
function diagram(stepsLimit) {
  const nodes = [];
  const connections = [];
  const idOf = (name) => name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');
  const at = (col, row) => ({ x: 40 + col * 220, y: 60 + row * 140 });
  const b = {
    node(type, name, col, row, extra = {}) {
      const automatic = ['source', 'drain', 'converter', 'trader', 'delay'].includes(type);
      nodes.push({
        id: idOf(name),
        type,
        name,
        ...at(col, row),
        activation: automatic ? 'automatic' : 'passive',
        mode: type === 'converter' ? 'pull-all' : 'pull-any',
        showInChart: false,
        ...(type === 'pool' ? { start: 0 } : {}),
        ...(type === 'gate' ? { distribution: 'random' } : {}),
        ...extra,
      });
      return idOf(name);
    },
    pool: (name, col, row, extra) => b.node('pool', name, col, row, extra),
    source: (name, col, row, extra) => b.node('source', name, col, row, extra),
    drain: (name, col, row, extra) => b.node('drain', name, col, row, extra),
    converter: (name, col, row, extra) => b.node('converter', name, col, row, extra),
    gate: (name, col, row, extra) => b.node('gate', name, col, row, extra),
    delay: (name, col, row, extra) => b.node('delay', name, col, row, extra),
    register: (name, col, row, formula) => b.node('register', name, col, row, { formula }),
    end: (name, col, row) => b.node('end', name, col, row),
    flow(from, to, formula, id) {
      const cid = id ?? `${from}_to_${to}`.toLowerCase();
      connections.push({ id: cid, kind: 'resource', from, to, formula: String(formula) });
      return cid;
    },
    state(from, to, formula, id) {
      const cid = id ?? `${from}_sets_${to}`.toLowerCase();
      connections.push({ id: cid, kind: 'state', from, to, formula: String(formula) });
      return cid;
    },
    done: () => ({
      version: 1,
      settings: {
        stepsLimit,
        seed: 1,
        dice: 'D6',
        skill: 0,
        strategy: 0,
        multiplayer: 0,
        triggerTiming: 'nextStep',
        allocation: 'creationOrder',
      },
      nodes,
      connections,
      variables: [],
    }),
  };
  return b;
}

/**
 * The patterns. Each takes the row's parameters and returns { document, chart } (chart: the ids of
 * the pools or registers the template's point is about).
 */
const patterns = {
  /** One faucet into a pool, one or more sinks out of it. */
  faucetSinks(p) {
    const b = diagram(p.steps ?? 60);
    const src = b.source(p.faucet, 0, 1);
    const pool = b.pool(p.pool, 1, 1, { start: p.start ?? 0 });
    b.flow(src, pool, p.rate);
    p.sinks.forEach(([name, rate], i) => b.flow(pool, b.drain(name, 2, i), rate));
    return { document: b.done(), chart: [pool] };
  },
  /** A production chain: raw material through converters to a final good. */
  chain(p) {
    const b = diagram(p.steps ?? 50);
    let from = b.pool(p.stages[0], 1, 1);
    b.flow(b.source(p.source, 0, 1), from, p.rate);
    const chart = [from];
    p.steps_.forEach(([converter, cost, yieldOf, next], i) => {
      const c = b.converter(converter, 2 + i * 2, i % 2 === 0 ? 0 : 2);
      const to = b.pool(next, 3 + i * 2, 1);
      b.flow(from, c, cost);
      b.flow(c, to, yieldOf);
      chart.push(to);
      from = to;
    });
    if (p.sell) b.flow(from, b.drain(p.sell[0], 3 + p.steps_.length * 2 - 1, 2), p.sell[1]);
    return { document: b.done(), chart: p.chart ?? chart };
  },
  /** Compounding: income is invested in something that raises the income (a dynamic engine). */
  compounding(p) {
    const b = diagram(p.steps ?? 50);
    const src = b.source(p.source, 0, 1);
    const money = b.pool(p.money, 1, 1, { start: p.start ?? 0 });
    const income = b.flow(src, money, p.rate, 'income');
    const inv = b.converter(p.invest, 2, 1);
    const asset = b.pool(p.asset, 3, 1);
    b.flow(money, inv, p.cost, 'invest');
    b.flow(inv, asset, 1, 'build');
    if (p.boost) b.state(asset, income, `+${p.boost}`, 'boost');
    if (p.costGrowth) b.state(asset, 'invest', `+${p.costGrowth}`, 'price_rises');
    if (p.upkeep) {
      const up = b.flow(money, b.drain(p.upkeep, 2, 2), 0, 'upkeep');
      b.state(asset, up, `+${p.upkeepPer}`, 'upkeep_grows');
    }
    return { document: b.done(), chart: [money, asset] };
  },
  /** A random roll (gate) splits a stream into outcomes by weight. */
  roll(p) {
    const b = diagram(p.steps ?? 100);
    const src = b.source(p.source, 0, 1);
    const gate = b.gate(p.gate, 1, 1, { distribution: p.deterministic ? 'deterministic' : 'random' });
    b.flow(src, gate, p.rate ?? 1);
    const outs = p.outcomes.map(([name, weight], i) => {
      const pool = b.pool(name, 2, i);
      b.flow(gate, pool, weight);
      return pool;
    });
    return { document: b.done(), chart: p.chart ?? outs };
  },
  /** A capped pool refilled on a timer and spent by play (energy, stamina, tickets). */
  timer(p) {
    const b = diagram(p.steps ?? 60);
    const refill = b.source(p.refill, 0, 1);
    const energy = b.pool(p.pool, 1, 1, { start: p.capacity, capacity: p.capacity });
    b.flow(refill, energy, p.interval);
    const play = b.converter(p.use, 2, 1);
    const done = b.pool(p.result, 3, 1);
    b.flow(energy, play, p.cost);
    b.flow(play, done, p.reward ?? 1);
    return { document: b.done(), chart: [energy, done] };
  },
  /** Two sides accumulate at different rates; the first to the target ends the run. */
  race(p) {
    const b = diagram(p.steps ?? 100);
    const sides = p.sides.map(([name, source, rate], i) => {
      const pool = b.pool(name, 1, i * 2);
      b.flow(b.source(source, 0, i * 2), pool, rate);
      b.state(pool, b.end(`${name} wins`, 2, i * 2), `>=${p.target}`);
      return pool;
    });
    return { document: b.done(), chart: sides };
  },
  /** Experience into a level register (a curve over accumulated points). */
  levels(p) {
    const b = diagram(p.steps ?? 100);
    const xp = b.pool(p.xp, 1, 1);
    b.flow(b.source(p.source, 0, 1), xp, p.rate);
    const level = b.register(p.level, 2, 1, p.curve);
    b.state(xp, level, 'a');
    if (p.end) b.state(level, b.end(p.end[0], 3, 1), `>=${p.end[1]}`);
    return { document: b.done(), chart: [xp, level] };
  },
  /** Spend now, receive later: a converter feeding a delay (building, research, crops). */
  delayed(p) {
    const b = diagram(p.steps ?? 80);
    const src = b.source(p.source, 0, 0);
    const money = b.pool(p.money, 1, 1, { start: p.start ?? 0 });
    b.flow(src, money, p.rate, 'income');
    const buy = b.converter(p.buy, 2, 1);
    b.flow(money, buy, p.cost);
    const wait = b.delay(p.wait, 3, 1, p.queue ? { queue: true } : {});
    b.flow(buy, wait, 1);
    const ready = b.pool(p.ready, 4, 1);
    b.flow(wait, ready, p.duration);
    if (p.payback) b.state(ready, 'income', `+${p.payback}`);
    return { document: b.done(), chart: [money, ready] };
  },
  /** A wallet taxed by a percentage sink (inflation control, trading fees). */
  taxed(p) {
    const b = diagram(p.steps ?? 80);
    const earn = b.source(p.source, 0, 1);
    const wallet = b.pool(p.wallet, 1, 1, { start: p.start ?? 0 });
    b.flow(earn, wallet, p.rate);
    const spend = b.drain(p.spend, 2, 0);
    b.flow(wallet, spend, p.spendRate);
    // The tax is a share of the wallet: its rate follows the wallet's size (a label modifier).
    const treasury = b.pool(p.treasury, 2, 2, { activation: 'automatic' });
    const tax = b.flow(wallet, treasury, 0, 'tax');
    b.state(wallet, tax, `+${p.tax}`, 'tax_follows_wealth');
    return { document: b.done(), chart: [wallet, treasury] };
  },
  /** Two pools that wear each other down; each loses in proportion to the other's size. */
  attrition(p) {
    const b = diagram(p.steps ?? 80);
    const [a, b2] = p.sides.map(([name, start], i) => b.pool(name, 1, i * 2, { start }));
    const lossA = b.flow(a, b.drain(`${p.sides[0][0]} losses`, 2, 0), 0, 'loss_a');
    const lossB = b.flow(b2, b.drain(`${p.sides[1][0]} losses`, 2, 2), 0, 'loss_b');
    b.state(b2, lossA, `+${p.sides[1][2]}`, 'b_hits_a');
    b.state(a, lossB, `+${p.sides[0][2]}`, 'a_hits_b');
    if (p.reinforce) b.flow(b.source(p.reinforce[0], 0, 0), a, p.reinforce[1]);
    b.state(a, b.end(`${p.sides[1][0]} wins`, 3, 0), '==0');
    b.state(b2, b.end(`${p.sides[0][0]} wins`, 3, 2), '==0');
    return { document: b.done(), chart: [a, b2] };
  },
  /** Output capped by a storage limit: production beyond the cap is lost until something is sold. */
  capped(p) {
    const b = diagram(p.steps ?? 50);
    const store = b.pool(p.store, 1, 1, { capacity: p.capacity, overflow: p.overflow ?? 'block' });
    b.flow(b.source(p.source, 0, 1), store, p.rate);
    b.flow(store, b.drain(p.sink, 2, 1), p.sinkRate);
    return { document: b.done(), chart: [store] };
  },
  /** A pool that only opens a sink once it passes a threshold (activator), e.g. a prestige reset. */
  threshold(p) {
    const b = diagram(p.steps ?? 80);
    const src = b.source(p.source, 0, 1);
    const pool = b.pool(p.pool, 1, 1);
    b.flow(src, pool, p.rate, 'income');
    const reset = b.converter(p.reset, 2, 1);
    b.flow(pool, reset, p.threshold);
    const reward = b.pool(p.reward, 3, 1);
    b.flow(reset, reward, 1);
    b.state(pool, reset, `>=${p.threshold}`);
    if (p.boost) b.state(reward, 'income', `+${p.boost}`);
    return { document: b.done(), chart: [pool, reward] };
  },
};

/** The table: [id, section, title, pattern, parameters, description]. */
const rows = [
  // ── Webinars: the diagrams built live in our economy-design webinars ──
  [
    'webinar-soft-currency',
    'webinars',
    'Webinar: a soft currency from scratch',
    'faucetSinks',
    {
      faucet: 'Quests',
      rate: 'D6+3',
      pool: 'Coins',
      start: 30,
      sinks: [
        ['Upgrades', 3],
        ['Consumables', 2],
      ],
      steps: 80,
    },
    'The first diagram of the soft-currency webinar: quests pay a random D6+3 coins, upgrades and consumables take 5 a step. The average income is 6.5, so the balance creeps up; try raising a sink by one and watch it turn.',
  ],
  [
    'webinar-gacha-odds',
    'webinars',
    'Webinar: reading gacha odds',
    'roll',
    {
      source: 'Pulls',
      gate: 'Banner',
      outcomes: [
        ['Common', 80],
        ['Rare', 17],
        ['Legendary', 3],
      ],
      rate: 2,
      steps: 100,
    },
    'Two pulls a step on a banner with 80/17/3 weights. Run it many times: the legendary count varies a lot between players even though the odds never change, which is why the webinar argues for pity timers.',
  ],
  [
    'webinar-season-pace',
    'webinars',
    'Webinar: pacing a season pass',
    'levels',
    {
      source: 'Matches',
      rate: 'D6*10+40',
      xp: 'Season XP',
      level: 'Tier',
      curve: 'floor(a/600)',
      end: ['Pass complete', 30],
      steps: 400,
    },
    'Each match pays 50 to 100 season XP and every 600 XP is a tier. The run ends when tier 30 is reached, so the step count is the number of matches a player needs: compare it with the season length.',
  ],
  [
    'webinar-crafting-sink',
    'webinars',
    'Webinar: crafting as a sink',
    'chain',
    {
      source: 'Gathering',
      rate: 4,
      stages: ['Ore'],
      steps_: [
        ['Smelt', 3, 1, 'Ingots'],
        ['Forge', 4, 1, 'Gear'],
      ],
      sell: ['Salvage', '1|5'],
      steps: 60,
    },
    'Ore turns into ingots and ingots into gear, each step losing material. A slow salvage sink removes finished gear. The webinar uses it to show how a crafting chain removes raw resources far faster than it creates items.',
  ],
  [
    'webinar-ad-energy',
    'webinars',
    'Webinar: energy with rewarded ads',
    'timer',
    {
      refill: 'Timer and ads',
      interval: '1|3',
      pool: 'Energy',
      capacity: 8,
      use: 'Play level',
      cost: 2,
      result: 'Levels',
      steps: 90,
    },
    'Energy refills one point every 3 steps (the timer plus the occasional rewarded ad), capped at 8. A level costs 2. Watch the energy line hit zero and the level count settle to the refill rate: the cap only matters for returning players.',
  ],
  [
    'webinar-trading-inflation',
    'webinars',
    'Webinar: inflation and a trading fee',
    'taxed',
    {
      source: 'Loot',
      rate: 'D6+4',
      wallet: 'Player gold',
      start: 50,
      spend: 'Vendors',
      spendRate: 4,
      treasury: 'Fees collected',
      tax: 0.05,
      steps: 100,
    },
    'Loot pays D6+4 gold a step, vendors take 4, and every trade gives up 5% of the wallet as a fee. Without the fee the wallet would only grow; with it the wallet levels off where the fee equals the surplus.',
  ],
  [
    'webinar-idle-prestige',
    'webinars',
    'Webinar: an idle game with prestige',
    'threshold',
    {
      source: 'Generators',
      rate: 5,
      pool: 'Cash',
      reset: 'Prestige',
      threshold: 150,
      reward: 'Prestige stars',
      boost: 2,
      steps: 120,
    },
    'Cash piles up until 150, then a prestige spends it all for a star, and every star adds 2 cash a step. The saw-tooth cash line gets steeper after each reset: the heart of every idle game shown in the webinar.',
  ],
  [
    'webinar-tower-upgrades',
    'webinars',
    'Webinar: tower upgrade costs',
    'compounding',
    {
      source: 'Wave bounty',
      rate: 4,
      money: 'Gold',
      invest: 'Upgrade tower',
      cost: 12,
      asset: 'Tower level',
      boost: 1,
      costGrowth: 4,
      steps: 80,
    },
    'Wave bounties pay gold, upgrades raise the bounty by 1 and the next upgrade costs 4 more than the last. The rising price keeps the tower level growing slower and slower: compare it with a flat price by deleting the price modifier.',
  ],
  [
    'webinar-pvp-ladder',
    'webinars',
    'Webinar: a PvP rating ladder',
    'race',
    {
      sides: [
        ['Climber', 'Climber plays', 'D6-2'],
        ['Rival', 'Rival plays', 'D6-3'],
      ],
      target: 60,
      steps: 150,
    },
    'Two players climb the ladder with slightly different win rates (D6-2 and D6-3 points a match). The small edge usually decides who reaches 60 first, but not always: run it many times to see how often the weaker player wins.',
  ],
  [
    'webinar-login-streak',
    'webinars',
    'Webinar: daily login rewards',
    'delayed',
    {
      source: 'Daily login',
      rate: '1*85%',
      money: 'Login tokens',
      buy: 'Open chest',
      cost: 7,
      wait: 'Chest unlock',
      duration: 3,
      ready: 'Chests opened',
      steps: 120,
    },
    'A player logs in on 85% of days and gets a token; seven tokens buy a chest that unlocks three days later. The webinar uses the gap between tokens earned and chests opened to talk about streak anxiety.',
  ],

  // ── Book: the examples of our book on economy design, one per idea ──
  [
    'book-first-faucet',
    'book',
    'Book 1.1: a faucet and a pool',
    'faucetSinks',
    { faucet: 'Harvest', rate: 3, pool: 'Grain', start: 0, sinks: [['Bread', 2]], steps: 30 },
    'The first example of the book: a harvest adds 3 grain a step and baking uses 2. The pool grows by exactly 1 a step; every later chapter starts from this picture of income minus spending.',
  ],
  [
    'book-two-sinks',
    'book',
    'Book 1.2: competing sinks',
    'faucetSinks',
    {
      faucet: 'Wages',
      rate: 10,
      pool: 'Savings',
      start: 20,
      sinks: [
        ['Rent', 6],
        ['Fun', 'D6'],
      ],
      steps: 40,
    },
    'Wages pay 10, rent takes 6 and fun takes a die roll. The savings line wobbles but drifts up by half a coin a step on average: the chapter on expected values in a nutshell.',
  ],
  [
    'book-random-income',
    'book',
    'Book 1.3: random income',
    'faucetSinks',
    { faucet: 'Fishing', rate: '2D6-5', pool: 'Fish', start: 5, sinks: [['Eat', 2]], steps: 60 },
    "Fishing brings 2D6-5 fish a step (never fewer than none) and the village eats 2. The average catch is only just above what is eaten, so some runs starve and some grow: the book's example of variance mattering more than averages.",
  ],
  [
    'book-conversion',
    'book',
    'Book 2.1: converting resources',
    'chain',
    { source: 'Orchard', rate: 5, stages: ['Apples'], steps_: [['Press', 4, 1, 'Cider']], steps: 40 },
    'Four apples press into one cider. The orchard gives 5 apples a step, so apples pile up by one a step while cider grows by one: the converter decides the exchange rate between two resources.',
  ],
  [
    'book-long-chain',
    'book',
    'Book 2.2: a long production chain',
    'chain',
    {
      source: 'Quarry',
      rate: 6,
      stages: ['Stone'],
      steps_: [
        ['Cut', 2, 1, 'Blocks'],
        ['Build walls', 3, 1, 'Walls'],
        ['Raise tower', 4, 1, 'Towers'],
      ],
      steps: 80,
    },
    'Stone becomes blocks, blocks become walls and walls become towers. Every stage divides the flow, so the last product arrives late and slowly: the chapter on why long chains feel rewarding but slow.',
  ],
  [
    'book-positive-feedback',
    'book',
    'Book 3.1: positive feedback',
    'compounding',
    {
      source: 'Farm',
      rate: 1,
      money: 'Food',
      invest: 'Raise villagers',
      cost: 6,
      asset: 'Villagers',
      boost: 1,
      steps: 60,
    },
    'Food raises villagers and each villager farms one more food a step. The curve bends upward: the rich get richer. The book uses it to introduce positive feedback loops.',
  ],
  [
    'book-negative-feedback',
    'book',
    'Book 3.2: negative feedback',
    'compounding',
    {
      source: 'Trade',
      rate: 6,
      money: 'Coins',
      invest: 'Hire guards',
      cost: 8,
      asset: 'Guards',
      boost: 0,
      upkeep: 'Wages',
      upkeepPer: 1,
      steps: 80,
    },
    "Coins hire guards, but every guard costs a coin of wages each step. Hiring stops paying off as the wages eat the income: the guard count levels off where wages meet trade. The book's first stabilising loop.",
  ],
  [
    'book-rising-costs',
    'book',
    'Book 3.3: rising costs slow growth',
    'compounding',
    {
      source: 'Mine',
      rate: 3,
      money: 'Gold',
      invest: 'Dig deeper',
      cost: 5,
      asset: 'Shafts',
      boost: 1,
      costGrowth: 5,
      steps: 100,
    },
    'Each shaft adds a gold a step, and each costs 5 more than the last. Growth that looked explosive turns into a steady climb: a price that rises with ownership is the gentlest brake on an engine.',
  ],
  [
    'book-chance-gate',
    'book',
    'Book 4.1: chance splits a flow',
    'roll',
    {
      source: 'Hunts',
      gate: 'Outcome',
      outcomes: [
        ['Meat', 6],
        ['Hides', 3],
        ['Trophies', 1],
      ],
      rate: 2,
      steps: 80,
    },
    'Each hunt ends in meat, hides or a rare trophy, weighted 6:3:1. The three pools grow at different speeds but never exactly as the weights say: the chapter on what a random gate does to a single run.',
  ],
  [
    'book-fair-split',
    'book',
    'Book 4.2: a deterministic split',
    'roll',
    {
      source: 'Recruits',
      gate: 'Assign',
      deterministic: true,
      outcomes: [
        ['Infantry', 3],
        ['Archers', 2],
        ['Cavalry', 1],
      ],
      rate: 2,
      steps: 60,
    },
    "The same splitting gate, but deterministic: recruits go to infantry, archers and cavalry in a fixed 3:2:1 cycle. Every run is identical, which makes it the book's example of designing out luck.",
  ],
  [
    'book-energy-cap',
    'book',
    'Book 5.1: a capped resource',
    'timer',
    {
      refill: 'Rest',
      interval: '1|2',
      pool: 'Stamina',
      capacity: 10,
      use: 'Train',
      cost: 3,
      result: 'Sessions',
      steps: 60,
    },
    'Stamina refills one point every 2 steps up to 10, and a training session costs 3. After the first burst, sessions come at the refill rate: a cap limits saving up, never the long-run pace.',
  ],
  [
    'book-time-delay',
    'book',
    'Book 5.2: time as a cost',
    'delayed',
    {
      source: 'Allowance',
      rate: 3,
      money: 'Coins',
      buy: 'Plant',
      cost: 5,
      wait: 'Growing',
      duration: 6,
      ready: 'Harvests',
      steps: 80,
    },
    "Planting costs 5 coins and the harvest comes six steps later. The coins drop as soon as planting starts while harvests lag behind: the book's picture of time as a second price.",
  ],
  [
    'book-arms-race',
    'book',
    'Book 6.1: two players race',
    'race',
    {
      sides: [
        ['Red score', 'Red plays', 'D6'],
        ['Blue score', 'Blue plays', 'D6'],
      ],
      target: 50,
      steps: 100,
    },
    'Two equal players roll a die each turn and the first to 50 wins. With no feedback the lead changes hands often and either can win: the baseline the book compares every catch-up mechanic against.',
  ],
  [
    'book-attrition',
    'book',
    'Book 6.2: attrition with reinforcements',
    'attrition',
    {
      sides: [
        ['Defenders', 30, 0.2],
        ['Raiders', 40, 0.15],
      ],
      reinforce: ['Reinforcements', '2|3'],
      steps: 120,
    },
    "Defenders and raiders wear each other down, each side losing in proportion to the other's size. The defenders are fewer but get two reinforcements every 3 steps: the chapter asks whether that is enough.",
  ],

  // ── Patterns ──
  [
    'pattern-storage-overflow',
    'patterns',
    'Storage that spills',
    'capped',
    {
      source: 'Lumberjacks',
      rate: 4,
      store: 'Lumber yard',
      capacity: 30,
      overflow: 'drain',
      sink: 'Builders',
      sinkRate: 2,
      steps: 50,
    },
    'Lumberjacks cut 4 a step but the yard holds only 30 and builders take 2. Once full, the extra wood is destroyed rather than refused: a cap with overflow turns surplus into waste, nudging players to spend.',
  ],
  [
    'pattern-prestige-reset',
    'patterns',
    'Prestige reset',
    'threshold',
    {
      source: 'Runs',
      rate: 'D6+2',
      pool: 'Run score',
      reset: 'Ascend',
      threshold: 100,
      reward: 'Ascensions',
      boost: 1,
      steps: 150,
    },
    'Score builds to 100, then an ascension resets it and makes every later run pay one more. Each cycle is shorter than the last: a reset that trades progress for a permanent boost.',
  ],
  [
    'pattern-gated-unlock',
    'patterns',
    'Unlock at a threshold',
    'levels',
    {
      source: 'Practice',
      rate: 'D6',
      xp: 'Mastery',
      level: 'Rank',
      curve: 'floor(sqrt(a/4))',
      end: ['Master rank', 8],
      steps: 200,
    },
    'Mastery grows steadily while rank follows a square-root curve, so each rank takes longer than the one before. The run ends at rank 8; the step count shows how long the last ranks drag on.',
  ],
  [
    'pattern-upkeep-ceiling',
    'patterns',
    'Upkeep sets a ceiling',
    'compounding',
    {
      source: 'Tax',
      rate: 8,
      money: 'Treasury',
      invest: 'Build',
      cost: 10,
      asset: 'Buildings',
      boost: 0,
      upkeep: 'Maintenance',
      upkeepPer: 1,
      steps: 100,
    },
    'Every building costs one maintenance a step and gives nothing back here, so the treasury funds new buildings only until maintenance eats the whole tax. The building count stalls at a ceiling set by income over upkeep.',
  ],
  [
    'pattern-lottery',
    'patterns',
    'Lottery: rare big wins',
    'roll',
    {
      source: 'Tickets',
      gate: 'Draw',
      outcomes: [
        ['Nothing', 90],
        ['Small prize', 9],
        ['Jackpot', 1],
      ],
      rate: 3,
      steps: 120,
    },
    'Three tickets a step, nine in ten win nothing and one in a hundred wins the jackpot. Most runs see a jackpot or two; some see none. A pattern for rare rewards whose excitement comes from their rarity.',
  ],
  [
    'pattern-tax-leveller',
    'patterns',
    'Percentage tax levels wealth',
    'taxed',
    {
      source: 'Profits',
      rate: 12,
      wallet: 'Wealth',
      start: 0,
      spend: 'Living costs',
      spendRate: 2,
      treasury: 'Taxes',
      tax: 0.08,
      steps: 100,
    },
    'A tax of 8% of wealth each step grows with the wealth it taxes, so wealth stops growing where the tax equals the surplus of 10. A proportional sink is a self-correcting brake.',
  ],
  [
    'pattern-slow-build-queue',
    'patterns',
    'Build queue',
    'delayed',
    {
      source: 'Income',
      rate: 4,
      money: 'Credits',
      buy: 'Order ship',
      cost: 8,
      wait: 'Shipyard queue',
      duration: 5,
      queue: true,
      ready: 'Ships',
      steps: 100,
    },
    "Ships are ordered whenever 8 credits are saved, but the shipyard builds one at a time, five steps each. Orders pile up in the queue and ships arrive at the queue's pace, not the income's.",
  ],
  [
    'pattern-close-race',
    'patterns',
    'Close race with a small edge',
    'race',
    {
      sides: [
        ['Favourite', 'Favourite scores', 'D6+1'],
        ['Underdog', 'Underdog scores', 'D6'],
      ],
      target: 80,
      steps: 150,
    },
    'The favourite scores one point more per turn on average. Over 80 points that edge wins most games, but the underdog still wins some: a pattern to measure how decisive a small advantage is.',
  ],

  // ── Framework ──
  [
    'framework-three-sinks',
    'framework',
    'Budget split across sinks',
    'faucetSinks',
    {
      faucet: 'Salary',
      rate: 20,
      pool: 'Budget',
      start: 0,
      sinks: [
        ['Housing', 8],
        ['Food', 6],
        ['Savings plan', 'D6'],
      ],
      steps: 60,
    },
    'A fixed income feeds three sinks, one of them random. Laying every faucet and sink of a currency side by side like this is the first step of the faucet-and-sink audit the framework recommends.',
  ],
  [
    'framework-two-stage',
    'framework',
    'Two-stage crafting',
    'chain',
    {
      source: 'Herb garden',
      rate: 3,
      stages: ['Herbs'],
      steps_: [
        ['Brew', 2, 1, 'Potions'],
        ['Enchant', 3, 1, 'Elixirs'],
      ],
      steps: 60,
    },
    'Herbs brew into potions and potions into elixirs. The framework reads the chain as exchange rates: one elixir is worth six herbs, and that number should match what the elixir does for the player.',
  ],
  [
    'framework-xp-curve',
    'framework',
    'XP curve with a cap',
    'levels',
    {
      source: 'Battles',
      rate: 'D6*5+10',
      xp: 'Experience',
      level: 'Hero level',
      curve: 'min(50, floor(pow(a/20, 0.7)))',
      steps: 200,
    },
    "Battles pay 15 to 40 experience and the level follows a power curve capped at 50. Plot both lines and compare the slope of the level with the slope of experience: the framework's test for a satisfying curve.",
  ],
  [
    'framework-drop-rates',
    'framework',
    'Drop-rate table',
    'roll',
    {
      source: 'Enemies defeated',
      gate: 'Drop table',
      outcomes: [
        ['Junk', 50],
        ['Materials', 35],
        ['Gear', 12],
        ['Relic', 3],
      ],
      rate: 2,
      steps: 100,
    },
    'A four-row drop table for defeated enemies. The framework asks two questions of every table: how many kills until the first relic, and how much junk piles up meanwhile. Multiple runs answer both.',
  ],
  [
    'framework-stamina',
    'framework',
    'Stamina gate on sessions',
    'timer',
    {
      refill: 'Regeneration',
      interval: '1|3',
      pool: 'Stamina',
      capacity: 12,
      use: 'Dungeon run',
      cost: 4,
      result: 'Runs done',
      reward: 1,
      steps: 90,
    },
    'Twelve stamina, one regenerated every 3 steps, four spent per dungeon run. The framework uses this to set session length: a full bar is three runs, then one run per 12 steps.',
  ],
  [
    'framework-auction-fee',
    'framework',
    'Auction house fee',
    'taxed',
    {
      source: 'Sales',
      rate: '2D6',
      wallet: 'Seller gold',
      start: 0,
      spend: 'Purchases',
      spendRate: 5,
      treasury: 'Auction cut',
      tax: 0.03,
      steps: 120,
    },
    "Sellers earn two dice of gold a step, buy for 5 and pay 3% of their gold to the auction house. The auction cut is a sink that grows with wealth: the framework's preferred way to remove gold from rich players.",
  ],
  [
    'framework-research-delay',
    'framework',
    'Research with lead time',
    'delayed',
    {
      source: 'Scientists',
      rate: 2,
      money: 'Research points',
      buy: 'Start project',
      cost: 6,
      wait: 'Research',
      duration: 8,
      ready: 'Technologies',
      payback: 1,
      steps: 120,
    },
    'Research points start projects that finish 8 steps later, and each finished technology adds a research point a step. The lag flattens the start of the curve: growth that the framework calls a delayed engine.',
  ],
  [
    'framework-catch-up',
    'framework',
    'Catch-up through attrition',
    'attrition',
    {
      sides: [
        ['Leader', 60, 0.1],
        ['Chaser', 45, 0.14],
      ],
      steps: 150,
    },
    'The leader starts bigger but the chaser hits harder in proportion to its size. Whether the lead holds depends on both numbers: the framework uses this pair to tune comeback mechanics.',
  ],

  // ── Deconstructions ──
  [
    'deconstruction-city-builder',
    'deconstructions',
    'City builder: housing and taxes',
    'compounding',
    {
      source: 'Taxes',
      rate: 3,
      money: 'Funds',
      start: 20,
      invest: 'Zone housing',
      cost: 15,
      asset: 'Districts',
      boost: 2,
      upkeep: 'Services',
      upkeepPer: 1,
      steps: 100,
    },
    'A city-builder loop: funds zone new districts, and each district pays 2 more taxes but needs 1 of services. Every district still nets a coin a step, so the city compounds, only at half the speed it would without the services bill.',
  ],
  [
    'deconstruction-mining-sim',
    'deconstructions',
    'Mining sim: ore to alloys',
    'chain',
    {
      source: 'Drills',
      rate: 5,
      stages: ['Raw ore'],
      steps_: [
        ['Refine', 3, 1, 'Refined ore'],
        ['Alloy', 2, 1, 'Alloys'],
      ],
      sell: ['Market', 1],
      steps: 60,
    },
    'A space mining sim: drills pull raw ore, refineries and alloy works turn it into alloys and the market buys one a step. Too little refining capacity and raw ore piles up, exactly the bottleneck players hunt for.',
  ],
  [
    'deconstruction-collectible-packs',
    'deconstructions',
    'Collectible card packs',
    'roll',
    {
      source: 'Packs opened',
      gate: 'Card rarity',
      outcomes: [
        ['Commons', 70],
        ['Uncommons', 22],
        ['Rares', 7],
        ['Mythics', 1],
      ],
      rate: 5,
      steps: 100,
    },
    'A collectible card game opens five cards a pack with 70/22/7/1 rarity weights. The mythic pool grows slowly and unevenly: deconstructing why duplicates and dust exist in every such game.',
  ],
  [
    'deconstruction-farming-stamina',
    'deconstructions',
    'Farming RPG energy',
    'timer',
    {
      refill: 'Night sleep',
      interval: '10|5',
      pool: 'Energy',
      capacity: 20,
      use: 'Farm work',
      cost: 2,
      result: 'Chores done',
      steps: 60,
    },
    'A farming RPG restores 10 energy every 5 steps (a night) up to 20, and each chore costs 2. Exactly one chore a step is sustainable: the energy bar saw-tooths between nights and never fills, so the cap never wastes a night.',
  ],
  [
    'deconstruction-survival-hunger',
    'deconstructions',
    'Survival game hunger',
    'faucetSinks',
    { faucet: 'Foraging', rate: 'D6-1', pool: 'Food', start: 15, sinks: [['Hunger', 2]], steps: 80 },
    'A survival game where foraging yields D6-1 food and hunger takes 2 every step. The average is barely positive, so food swings near zero: survival tension comes from variance, not from the average.',
  ],
  [
    'deconstruction-merge-game',
    'deconstructions',
    'Merge game',
    'chain',
    {
      source: 'Spawner',
      rate: 3,
      stages: ['Level 1 items'],
      steps_: [
        ['Merge 1', 2, 1, 'Level 2 items'],
        ['Merge 2', 2, 1, 'Level 3 items'],
        ['Merge 3', 2, 1, 'Level 4 items'],
      ],
      steps: 80,
    },
    'A merge game: two items of a level make one of the next. The spawner makes three items a step, one more than merging uses, so unmerged items pile up at the bottom while each level above arrives at half the rate of the one before.',
  ],
  [
    'deconstruction-battle-royale',
    'deconstructions',
    'Battle royale endgame',
    'attrition',
    {
      sides: [
        ['Squad', 6, 0.5],
        ['Opponents', 12, 0.15],
      ],
      reinforce: ['Revives', '1|4'],
      steps: 60,
    },
    'A small squad against a larger field in the closing circle. The squad hits harder and gets a revive every 4 steps; the field is larger. The deconstruction asks how much skill a squad needs to win.',
  ],
  [
    'deconstruction-incremental',
    'deconstructions',
    'Incremental game upgrades',
    'compounding',
    {
      source: 'Clicks',
      rate: 2,
      money: 'Points',
      invest: 'Buy multiplier',
      cost: 10,
      asset: 'Multipliers',
      boost: 2,
      costGrowth: 3,
      steps: 80,
    },
    'An incremental game: multipliers add 2 points a click but each costs 3 more than the last. The deconstruction shows why such games lengthen the gap between purchases instead of letting growth run away.',
  ],
];

const existing = readdirSync(root).filter((f) => f.endsWith('.json'));
const generated = new Set(rows.map((r) => `${r[0]}.json`));
// Remove files of rows that left the table (generated files carry positions from FIRST_POSITION up).
for (const f of existing) {
  const t = JSON.parse(readFileSync(path.join(root, f), 'utf8'));
  if (t.position >= FIRST_POSITION && !generated.has(f)) unlinkSync(path.join(root, f));
}
rows.forEach(([id, type, title, pattern, params, description], i) => {
  const { document, chart } = patterns[pattern](params);
  const template = { id, type, title, description, position: FIRST_POSITION + i, chart, document };
  for (const n of document.nodes) n.showInChart = chart.includes(n.id);
  writeFileSync(path.join(root, `${id}.json`), `${JSON.stringify(template, null, 1)}\n`);
});
console.log(`wrote ${rows.length} templates to content/templates`);
