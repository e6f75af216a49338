import type { EditorDiagram } from '../editor/model/types';

const settings = { stepsLimit: 20, dice: 'D6', skill: 0, strategy: 0, multiplayer: 0, triggerTiming: 'nextStep', allocation: 'creationOrder' } as const;
type TemplateNode = EditorDiagram['nodes'][number];
const node = (id: string, type: TemplateNode['type'], x: number, y: number, extra: Partial<TemplateNode> = {}): TemplateNode =>
  ({ id, type, name: id, x, y, activation: 'passive', mode: 'pull-any', showInChart: type === 'pool' || type === 'register', ...extra });

export interface Template {
  id: string;
  title: string;
  description: string;
  document: EditorDiagram;
}

/** Starting points in the Templates tab; descriptions say what the diagram shows, for people. */
export const TEMPLATES: Template[] = [
  {
    id: 'investment', title: 'Investment loop', description: 'Gold buys upgrades, and every upgrade raises the gold income: a compounding loop to balance.',
    document: {
      version: 1, settings: { ...settings, stepsLimit: 16 }, variables: [],
      nodes: [
        node('Source', 'source', 0, 0, { activation: 'automatic' }), node('Gold', 'pool', 200, 0, { start: 0 }),
        node('Invest', 'converter', 400, 0, { activation: 'automatic', mode: 'pull-all' }), node('Upgrades', 'pool', 600, 0, { start: 0 }),
      ],
      connections: [
        { id: 'income', kind: 'resource', from: 'Source', to: 'Gold', formula: '1' },
        { id: 'c2', kind: 'resource', from: 'Gold', to: 'Invest', formula: '5' },
        { id: 'c3', kind: 'resource', from: 'Invest', to: 'Upgrades', formula: '1' },
        { id: 'm1', kind: 'state', from: 'Upgrades', to: 'income', formula: '+1' },
      ],
    },
  },
  {
    id: 'dice', title: 'Dice income', description: 'Coins arrive by the roll of a six-sided die each step. Run it many times to see how far luck spreads the totals.',
    document: {
      version: 1, settings: { ...settings, stepsLimit: 30 }, variables: [],
      nodes: [node('Roll', 'source', 0, 0, { activation: 'automatic' }), node('Coins', 'pool', 220, 0, { start: 0 })],
      connections: [{ id: 'c1', kind: 'resource', from: 'Roll', to: 'Coins', formula: 'D6' }],
    },
  },
  {
    id: 'race', title: 'Race to five', description: 'Two incomes race: the second stops once the first pool holds 3, and the game is won when it reaches 5.',
    document: {
      version: 1, settings: { ...settings, stepsLimit: 10 }, variables: [],
      nodes: [
        node('S1', 'source', 0, 0, { activation: 'automatic' }), node('P', 'pool', 200, 0), node('S2', 'source', 0, 200, { activation: 'automatic' }),
        node('Q', 'pool', 200, 200), node('win', 'end', 400, 0),
      ],
      connections: [
        { id: 'c1', kind: 'resource', from: 'S1', to: 'P', formula: '1' }, { id: 'c2', kind: 'resource', from: 'S2', to: 'Q', formula: '1' },
        { id: 'c3', kind: 'state', from: 'P', to: 'S2', formula: '<3' }, { id: 'c4', kind: 'state', from: 'P', to: 'win', formula: '>=5' },
      ],
    },
  },
];

export const TUTORIALS = [
  { title: 'Economy design fundamentals', href: '/learn' },
  { title: 'Documentation', href: '/docs' },
  { title: 'Glossary', href: '/glossary' },
];
