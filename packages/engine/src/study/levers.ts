import type { DiagramInput } from '../schema.js';

/** A number the designer lets a study change: a custom variable, or a pool's start or capacity. */
export interface Lever {
  /** A variable name, or `Node.start` / `Node.capacity` with Node a node id or name. */
  name: string;
  min: number;
  max: number;
  /** Whole numbers only (node starts and capacities always are). */
  integer?: boolean;
  /** Sampled evenly on a logarithmic scale (min must be > 0). */
  log?: boolean;
}

export class StudyInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StudyInputError';
  }
}

const NODE_PROPERTIES = ['start', 'capacity'] as const;

/** `NAME=MIN:MAX[:int|:log]`, the command line's form of a lever. */
export function parseLever(text: string): Lever {
  const eq = text.lastIndexOf('=');
  if (eq <= 0) throw new StudyInputError(`bad lever '${text}': expected NAME=MIN:MAX[:int|:log]`);
  const name = text.slice(0, eq).trim();
  const parts = text.slice(eq + 1).split(':');
  const min = Number(parts[0]);
  const max = Number(parts[1]);
  if (parts.length < 2 || parts.length > 3 || parts[0] === '' || parts[1] === '' || !isFinite(min) || !isFinite(max))
    throw new StudyInputError(`bad lever '${text}': expected NAME=MIN:MAX[:int|:log]`);
  const lever: Lever = { name, min, max };
  if (parts[2] === 'int') lever.integer = true;
  else if (parts[2] === 'log') lever.log = true;
  else if (parts[2] !== undefined) throw new StudyInputError(`bad lever '${text}': the scale is 'int' or 'log'`);
  return lever;
}

interface LeverTarget {
  kind: 'variable' | 'node';
  index: number;
  property?: (typeof NODE_PROPERTIES)[number];
}

/** Checks the levers against the diagram; throws StudyInputError naming the first bad one. */
export function checkLevers(diagram: DiagramInput, levers: Lever[]): void {
  if (levers.length === 0) throw new StudyInputError('a study needs at least one lever');
  const seen = new Set<string>();
  for (const lever of levers) {
    if (seen.has(lever.name)) throw new StudyInputError(`lever '${lever.name}' is given twice`);
    seen.add(lever.name);
    if (!(lever.min < lever.max)) throw new StudyInputError(`lever '${lever.name}': MIN must be below MAX`);
    if (lever.log && !(lever.min > 0)) throw new StudyInputError(`lever '${lever.name}': a log scale needs MIN > 0`);
    const target = resolveLever(diagram, lever.name);
    if (target.kind === 'node' && lever.min < (target.property === 'capacity' ? -1 : 0))
      throw new StudyInputError(`lever '${lever.name}': a pool's ${target.property} cannot be negative`);
  }
}

function resolveLever(diagram: DiagramInput, name: string): LeverTarget {
  const variables = diagram.variables ?? [];
  const v = variables.findIndex((x) => x.name === name);
  if (v >= 0) return { kind: 'variable', index: v };
  const dot = name.lastIndexOf('.');
  const property = name.slice(dot + 1) as LeverTarget['property'];
  if (dot > 0 && NODE_PROPERTIES.includes(property as (typeof NODE_PROPERTIES)[number])) {
    const ref = name.slice(0, dot);
    const nodes = diagram.nodes ?? [];
    let index = nodes.findIndex((n) => n.id === ref);
    if (index < 0) {
      const byName = nodes.flatMap((n, i) => (n.name === ref ? [i] : []));
      if (byName.length > 1) throw new StudyInputError(`lever '${name}': several nodes are named '${ref}'; use the id`);
      index = byName[0] ?? -1;
    }
    if (index < 0) throw new StudyInputError(`lever '${name}': no node '${ref}' in the diagram`);
    if (nodes[index].type !== 'pool') throw new StudyInputError(`lever '${name}': '${ref}' is not a pool`);
    return { kind: 'node', index, property };
  }
  throw new StudyInputError(`lever '${name}': no variable of that name, nor a pool's .start or .capacity`);
}

/** Whether a lever only takes whole numbers. */
export function isIntegerLever(diagram: DiagramInput, lever: Lever): boolean {
  return lever.integer === true || resolveLever(diagram, lever.name).kind === 'node';
}

/** The lever's value at u ∈ [0, 1] of its range (linear or logarithmic, rounded when whole). */
export function leverValue(lever: Lever, u: number, integer = lever.integer === true): number {
  const c = Math.min(1, Math.max(0, u));
  let v = lever.log
    ? Math.exp(Math.log(lever.min) + c * (Math.log(lever.max) - Math.log(lever.min)))
    : lever.min + c * (lever.max - lever.min);
  if (integer) v = Math.min(Math.floor(lever.max), Math.max(Math.ceil(lever.min), Math.round(v)));
  return v;
}

/** Where a value lies in the lever's range, 0..1 (the inverse of leverValue). */
export function leverPosition(lever: Lever, value: number): number {
  const u = lever.log
    ? (Math.log(value) - Math.log(lever.min)) / (Math.log(lever.max) - Math.log(lever.min))
    : (value - lever.min) / (lever.max - lever.min);
  return Math.min(1, Math.max(0, u));
}

/** A copy of the diagram with each lever set to its value; the original is left as it was. */
export function applyLevers<D extends DiagramInput>(diagram: D, levers: Lever[], values: ArrayLike<number>): D {
  const variables = diagram.variables ? diagram.variables.slice() : [];
  const nodes = diagram.nodes ? diagram.nodes.slice() : [];
  const copy = { ...diagram, variables, nodes };
  levers.forEach((lever, i) => {
    const target = resolveLever(copy, lever.name);
    const value = values[i];
    if (target.kind === 'variable') variables[target.index] = { ...variables[target.index], formula: String(value) };
    else nodes[target.index] = { ...nodes[target.index], [target.property!]: Math.round(value) };
  });
  return copy;
}

/** The diagram's own value of each lever (a variable's number, a pool's start or capacity); NaN when a variable is not a plain number. */
export function currentLeverValues(diagram: DiagramInput, levers: Lever[]): number[] {
  return levers.map((lever) => {
    const target = resolveLever(diagram, lever.name);
    if (target.kind === 'variable') {
      const formula = (diagram.variables ?? [])[target.index].formula.trim();
      return formula !== '' && Number.isFinite(Number(formula)) ? Number(formula) : NaN;
    }
    const node = (diagram.nodes ?? [])[target.index];
    return target.property === 'start' ? (node.start ?? 0) : (node.capacity ?? -1);
  });
}
