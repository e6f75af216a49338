import { generateDiagram } from '../engine/generate.mjs';

/**
 * The engine benchmark's ≈100-node diagram with numbers a designer would tune: every group's
 * income, the converter's price and the spending rate read variables, and runs last 30 steps.
 */
export function balanceDiagram() {
  const d = generateDiagram(100);
  d.settings = { ...d.settings, stepsLimit: 30 };
  d.variables = [
    { name: 'income', formula: '3' },
    { name: 'price', formula: '3' },
    { name: 'spend', formula: '2' },
    { name: 'delayOut', formula: '2' },
  ];
  for (const c of d.connections) {
    if (c.kind !== 'resource') continue;
    if (/_src$/.test(c.from)) c.formula = 'income + randomInt(0, 2)';
    else if (/_gold$/.test(c.from) && /_conv$/.test(c.to)) c.formula = 'price';
    else if (/_items$/.test(c.from) && /_spend$/.test(c.to)) c.formula = 'spend';
    else if (/_delay$/.test(c.from)) c.formula = 'delayOut';
  }
  return d;
}
