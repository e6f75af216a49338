import type { Expr } from './formula/ast.js';
import {
  compileExpr,
  constant,
  labelDeltaOf,
  valueOf,
  type EvalContext,
  type Evaluator,
  type Scope,
} from './formula/evaluate.js';
import { FormulaError } from './formula/lexer.js';
import { parseFormula } from './formula/parser.js';
import { condOpIndex, parseCondition, parseStateRole, type StateRole } from './formula/roles.js';
import { CompileError, type Problem } from './problems.js';
import {
  A_AUTOMATIC,
  A_INTERACTIVE,
  A_ONSTART,
  A_PASSIVE,
  C_ACTIVATOR,
  C_GATE_TRIGGER,
  C_INPUT,
  C_LABEL_MOD,
  C_LABEL_SET,
  C_CONN_ACTIVATOR,
  C_INTERVAL_MOD,
  C_NODE_MOD,
  C_NODE_SET,
  C_RESOURCE,
  C_REVERSE,
  C_TRIGGER,
  G_CONDITION,
  G_PERCENT,
  G_WEIGHT,
  T_CONVERTER,
  T_DELAY,
  T_DRAIN,
  T_END,
  T_GATE,
  T_OTHER,
  T_POOL,
  T_REGISTER,
  T_SOURCE,
  T_TRADER,
  type Program,
} from './program.js';
import { registerOrder } from './register-order.js';
import { diagramSchema, type Diagram, type DiagramConnection } from './schema.js';
import { gateOutputKind, structuralProblems } from './structure.js';

const MODIFIER_KINDS = new Set([C_LABEL_MOD, C_LABEL_SET, C_NODE_MOD, C_NODE_SET, C_INTERVAL_MOD]);

const TYPE_CODE: Record<string, number> = {
  pool: T_POOL,
  source: T_SOURCE,
  drain: T_DRAIN,
  converter: T_CONVERTER,
  trader: T_TRADER,
  gate: T_GATE,
  register: T_REGISTER,
  delay: T_DELAY,
  end: T_END,
};
const ACTIVATION_CODE: Record<string, number> = {
  passive: A_PASSIVE,
  automatic: A_AUTOMATIC,
  interactive: A_INTERACTIVE,
  onstart: A_ONSTART,
};

/** Validates a document and compiles it; throws CompileError listing every error. */
export function compile(input: unknown): Program {
  const parsed = diagramSchema.safeParse(input);
  if (!parsed.success) {
    throw new CompileError(
      parsed.error.issues.map((i) => ({
        id: '',
        code: 'SCHEMA',
        message: `${i.path.join('.') || 'document'}: ${i.message}`,
        severity: 'error' as const,
      })),
    );
  }
  const { program, problems } = analyze(parsed.data);
  if (problems.some((p) => p.severity === 'error')) throw new CompileError(problems);
  return program;
}

/** Compiles as far as possible, collecting every problem instead of stopping at the first. */
export function analyze(d: Diagram): { program: Program; problems: Problem[] } {
  const problems = structuralProblems(d);
  const formulaProblem = (id: string, field: string, e: unknown): void => {
    if (!(e instanceof FormulaError)) throw e;
    problems.push({ id, code: 'INVALID_FORMULA', message: e.message, severity: 'error', position: e.position, field });
  };
  const n = d.nodes.length;
  const nodeIndex = new Map<string, number>();
  d.nodes.forEach((node, i) => {
    if (!nodeIndex.has(node.id)) nodeIndex.set(node.id, i);
  });
  const connIndex = new Map<string, number>();
  d.connections.forEach((c, i) => {
    if (!connIndex.has(c.id)) connIndex.set(c.id, i);
  });
  const disabledIds = new Set(problems.filter((p) => p.disables).map((p) => p.id));

  const colourNames = [''];
  const colourOf = (name: string | undefined): number => {
    if (!name) return 0;
    let k = colourNames.indexOf(name);
    if (k < 0) k = colourNames.push(name) - 1;
    return k;
  };
  const coloured = d.connections.some((c) => c.kind === 'resource' && (c.color || c.shuffle));

  // Settings and variables.
  const settings = d.settings;
  const d6: Evaluator = (c) => 1 + c.rng.int(6);
  let diagramDice = d6;
  try {
    diagramDice = compileExpr(parseFormula(settings.dice), { resolve: () => undefined, diagramDice: d6 });
  } catch (e) {
    formulaProblem('', 'settings.dice', e);
  }
  const named = new Map<string, Evaluator>([
    ['S', constant(settings.skill)],
    ['ST', constant(settings.strategy)],
    ['M', constant(settings.multiplayer)],
  ]);
  const variables: Evaluator[] = [];
  d.variables.forEach((v) => {
    try {
      const expr = parseFormula(v.formula);
      const ev = compileExpr(expr, { resolve: (name) => named.get(name), diagramDice });
      const slot = variables.push(ev) - 1;
      named.set(v.name, exprIsConstant(expr) ? ev : (c: EvalContext) => c.vars[slot]);
    } catch (e) {
      formulaProblem(v.name, 'formula', e);
    }
  });
  const baseScope = (all?: Evaluator): Scope => ({ resolve: (name) => named.get(name), all, diagramDice });

  // Node arrays.
  const type = new Uint8Array(n),
    activation = new Uint8Array(n),
    allMode = new Uint8Array(n),
    pushes = new Uint8Array(n);
  const disabled = new Uint8Array(n),
    start = new Float64Array(n),
    capacity = new Float64Array(n).fill(-1);
  const overflowDrain = new Uint8Array(n),
    gateRandom = new Uint8Array(n),
    gateKind = new Uint8Array(n),
    delayQueue = new Uint8Array(n);
  const regEval = new Array<Evaluator | null>(n).fill(null);
  const regInteractive = new Uint8Array(n),
    regInitial = new Float64Array(n),
    regStep = new Float64Array(n).fill(1);
  const regMin = new Float64Array(n).fill(-Infinity),
    regMax = new Float64Array(n).fill(Infinity);
  d.nodes.forEach((node, i) => {
    type[i] = TYPE_CODE[node.type] ?? T_OTHER;
    activation[i] = ACTIVATION_CODE[node.activation];
    allMode[i] = node.mode.endsWith('-all') ? 1 : 0;
    disabled[i] = disabledIds.has(node.id) ? 1 : 0;
    start[i] = node.start ?? 0;
    if (node.capacity !== undefined) capacity[i] = node.capacity;
    overflowDrain[i] = node.overflow === 'drain' ? 1 : 0;
    gateRandom[i] = node.distribution === 'random' ? 1 : 0;
    delayQueue[i] = node.queue ? 1 : 0;
    regInteractive[i] = node.interactive ? 1 : 0;
    regInitial[i] = node.initial ?? 0;
    if (node.step !== undefined) regStep[i] = node.step;
    if (node.min !== undefined) regMin[i] = node.min;
    if (node.max !== undefined) regMax[i] = node.max;
  });

  // Connections: one index space for resource and state connections.
  const m = d.connections.length;
  const cKind = new Uint8Array(m),
    cFrom = new Int32Array(m).fill(-1),
    cTo = new Int32Array(m).fill(-1);
  const cTargetConn = new Int32Array(m).fill(-1),
    cConst = new Float64Array(m).fill(0);
  const cRate = new Array<Evaluator | null>(m).fill(null),
    cEvery = new Array<Evaluator | null>(m).fill(null);
  const cColour = new Int32Array(m),
    cShuffle = new Uint8Array(m),
    cOp = new Int8Array(m).fill(-1);
  const cA = new Float64Array(m),
    cB = new Float64Array(m);
  const hasResourceInput = new Uint8Array(n),
    hasResourceOutput = new Uint8Array(n);
  for (const c of d.connections) {
    if (c.kind !== 'resource') continue;
    const f = nodeIndex.get(c.from),
      t = nodeIndex.get(c.to);
    if (f !== undefined && t !== undefined) {
      hasResourceOutput[f] = 1;
      hasResourceInput[t] = 1;
    }
  }
  d.nodes.forEach((node, i) => {
    if (type[i] === T_SOURCE) pushes[i] = 1;
    if (type[i] === T_POOL)
      pushes[i] = node.mode.startsWith('push') || (!hasResourceInput[i] && hasResourceOutput[i]) ? 1 : 0;
  });

  // First pass: state connection roles (label modifier targets must be known before rates compile).
  const roles = new Array<StateRole | null>(m).fill(null);
  const labelTargets = new Set<number>(),
    intervalTargets = new Set<number>();
  d.connections.forEach((c, i) => {
    cColour[i] = colourOf(c.color);
    cShuffle[i] = c.shuffle ? 1 : 0;
    const f = nodeIndex.get(c.from);
    if (f === undefined) return;
    cFrom[i] = f;
    if (c.kind === 'resource') {
      const t = nodeIndex.get(c.to);
      if (t === undefined) return;
      cTo[i] = t;
      cKind[i] = C_RESOURCE;
      return;
    }
    const t = nodeIndex.get(c.to);
    const targetConn = t === undefined ? connIndex.get(c.to) : undefined;
    if (t === undefined && targetConn === undefined) return;
    const formula = c.formula.trim();
    if (type[f] === T_GATE && !hasResourceInput[f] && t !== undefined && formula !== '*' && formula !== '!') {
      cKind[i] = C_GATE_TRIGGER;
      cTo[i] = t;
      return;
    }
    try {
      const role = parseStateRole(formula, targetConn !== undefined, t !== undefined && type[t] === T_REGISTER);
      roles[i] = role;
      if (targetConn !== undefined) {
        cTargetConn[i] = targetConn;
        if (role.role === 'modifier') {
          cKind[i] = C_LABEL_MOD;
          labelTargets.add(targetConn);
        } else if (role.role === 'set') {
          cKind[i] = C_LABEL_SET;
          labelTargets.add(targetConn);
        } else if (role.role === 'activator') {
          cKind[i] = C_CONN_ACTIVATOR;
          cOp[i] = condOpIndex(role.cond.op);
          cA[i] = role.cond.a;
          cB[i] = role.cond.b;
        } else if (role.role === 'interval') {
          cKind[i] = C_INTERVAL_MOD;
          cA[i] = role.amount;
          intervalTargets.add(targetConn);
        } else {
          problems.push({
            id: c.id,
            code: 'LABEL_MODIFIER_ROLE',
            severity: 'error',
            position: 1,
            field: 'formula',
            message:
              'A state connection that ends on a connection must be a label or interval modifier (+n, -n, +n%, +ni, =) or an activator (>n, a..b, …).',
          });
        }
        return;
      }
      cTo[i] = t!;
      switch (role.role) {
        case 'trigger':
          cKind[i] = C_TRIGGER;
          break;
        case 'reverse':
          cKind[i] = C_REVERSE;
          break;
        case 'activator':
          cKind[i] = C_ACTIVATOR;
          cOp[i] = condOpIndex(role.cond.op);
          cA[i] = role.cond.a;
          cB[i] = role.cond.b;
          break;
        case 'modifier':
        case 'per':
          if (type[t!] !== T_POOL) {
            problems.push({
              id: c.id,
              code: 'NODE_MODIFIER_TARGET',
              severity: 'warning',
              message: `A node modifier changes a pool; '${c.to}' is a ${d.nodes[t!].type}, so it has no effect.`,
            });
            cKind[i] = C_NODE_MOD;
            cTo[i] = -1;
            break;
          }
          cKind[i] = C_NODE_MOD;
          cA[i] = role.role === 'modifier' ? (role.percent ? role.amount / 100 : role.amount) : role.amount;
          cB[i] = role.role === 'per' ? role.per : 0;
          break;
        case 'set':
          if (type[t!] !== T_POOL) {
            problems.push({
              id: c.id,
              code: 'NODE_MODIFIER_TARGET',
              severity: 'warning',
              message: `'=' sets a pool's content; '${c.to}' is a ${d.nodes[t!].type}, so it has no effect.`,
            });
            cTo[i] = -1;
          }
          cKind[i] = C_NODE_SET;
          break;
        case 'interval':
          problems.push({
            id: c.id,
            code: 'INTERVAL_MODIFIER_TARGET',
            severity: 'error',
            position: 1,
            field: 'formula',
            message: "'+ni' changes a connection's interval; this state connection ends on a node.",
          });
          break;
        case 'input':
          cKind[i] = C_INPUT;
          break;
      }
    } catch (e) {
      formulaProblem(c.id, 'formula', e);
    }
  });

  // Percent label modifiers on a chance label add percentage points, elsewhere a fraction.
  d.connections.forEach((c, i) => {
    const r = roles[i];
    if (cKind[i] !== C_LABEL_MOD || !r || r.role !== 'modifier' || !r.percent) {
      if (cKind[i] === C_LABEL_MOD && r && r.role === 'modifier') cA[i] = r.amount;
      return;
    }
    const target = d.connections[cTargetConn[i]];
    cA[i] = target && target.formula.trim().endsWith('%') ? r.amount : r.amount / 100;
  });

  // Second pass: rates, gate outputs and delays.
  d.connections.forEach((c, i) => {
    const kind = cKind[i];
    if (cFrom[i] < 0 || cTo[i] < 0 || (kind !== C_RESOURCE && kind !== C_GATE_TRIGGER)) return;
    const f = cFrom[i];
    try {
      if (type[f] === T_GATE) compileGateOutput(c, i, f);
      else compileRate(c, i, f);
    } catch (e) {
      formulaProblem(c.id, 'formula', e);
    }
  });

  function compileGateOutput(c: DiagramConnection, i: number, gate: number): void {
    const text = c.formula.trim() || '1';
    const kind = gateOutputKind(text);
    gateKind[gate] = kind === 'condition' ? G_CONDITION : kind === 'percent' ? G_PERCENT : G_WEIGHT;
    if (kind === 'condition') {
      const cond = parseCondition(text)!;
      cOp[i] = cond.op === 'else' ? 7 : condOpIndex(cond.op);
      cA[i] = cond.a;
      cB[i] = cond.b;
      return;
    }
    let expr = parseFormula(text);
    if (kind === 'percent' && expr.kind === 'chance') expr = expr.percent;
    setRate(i, withDelta(expr, i));
  }

  function compileRate(c: DiagramConnection, i: number, f: number): void {
    let expr = parseFormula(c.formula.trim() || '1');
    if (c.interval && c.interval.trim() !== '' && c.interval.trim() !== '1' && expr.kind !== 'interval') {
      expr = { kind: 'interval', amount: expr, every: parseFormula(c.interval), pos: 1 };
    }
    const col = cColour[i];
    const all: Evaluator | undefined =
      type[f] === T_POOL ? (coloured && col > 0 ? (ctx) => ctx.countColour(f, col) : valueOf(f)) : undefined;
    if (expr.kind === 'interval') {
      cEvery[i] = compileExpr(expr.every, baseScope(all));
      expr = expr.amount;
    } else if (intervalTargets.has(i)) cEvery[i] = constant(1);
    setRate(i, withDelta(expr, i), all);
  }

  function setRate(i: number, expr: Expr, all?: Evaluator): void {
    const ev = compileExpr(expr, baseScope(all));
    if (exprIsConstant(expr)) cConst[i] = ev(null as unknown as EvalContext);
    else {
      cConst[i] = NaN;
      cRate[i] = ev;
    }
  }

  function withDelta(expr: Expr, i: number): Expr {
    if (!labelTargets.has(i)) return expr;
    const delta: Expr = { kind: 'name', name: `\u0000delta${i}`, pos: 1 };
    named.set(`\u0000delta${i}`, labelDeltaOf(i));
    if (expr.kind === 'chance')
      return { ...expr, percent: { kind: 'binary', op: '+', left: expr.percent, right: delta, pos: 1 } };
    if (expr.kind === 'binary' && expr.op === '*' && expr.right.kind === 'chance') {
      return { ...expr, right: withDelta(expr.right, i) };
    }
    return { kind: 'binary', op: '+', left: expr, right: delta, pos: 1 };
  }

  // Registers.
  d.nodes.forEach((node, i) => {
    if (type[i] !== T_REGISTER || regInteractive[i]) return;
    const inputs = new Map<string, Evaluator>();
    d.connections.forEach((c, k) => {
      if (cKind[k] !== C_INPUT || cTo[k] !== i) return;
      const o = cFrom[k],
        col = cColour[k];
      inputs.set(
        c.formula.trim(),
        coloured && col > 0 && type[o] === T_POOL ? (ctx) => ctx.countColour(o, col) : valueOf(o),
      );
    });
    const text = (node.formula ?? '').trim();
    if (text === '') {
      const list = [...inputs.values()];
      regEval[i] =
        list.length === 0
          ? null
          : (ctx) => {
              let s = 0;
              for (const ev of list) s += ev(ctx);
              return s;
            };
      return;
    }
    try {
      const expr = parseFormula(text);
      regEval[i] = compileExpr(expr, { resolve: (name) => inputs.get(name) ?? named.get(name), diagramDice });
    } catch (e) {
      if (e instanceof FormulaError && e.message.startsWith('unknown name')) {
        problems.push({
          id: node.id,
          code: 'REGISTER_UNKNOWN_NAME',
          severity: 'error',
          position: e.position,
          field: 'formula',
          message: `${e.message}: a register's formula may use only its named inputs (${[...inputs.keys()].join(', ') || 'none'}) and variables`,
        });
      } else formulaProblem(node.id, 'formula', e);
    }
  });

  const list = (pred: (i: number) => boolean): Int32Array =>
    Int32Array.from(Array.from({ length: m }, (_, i) => i).filter(pred));
  const resourceOk = (i: number) => cKind[i] === C_RESOURCE && cFrom[i] >= 0 && cTo[i] >= 0;
  const [inStart, inList] = group(n, list(resourceOk), (i) => cTo[i]);
  const [outStart, outList] = group(n, list(resourceOk), (i) => cFrom[i]);
  const [gOutStart, gOutList] = group(
    n,
    list(
      (i) =>
        (resourceOk(i) || cKind[i] === C_GATE_TRIGGER) &&
        type[cFrom[i]] === T_GATE &&
        (cKind[i] === C_GATE_TRIGGER) === !hasResourceInput[cFrom[i]],
    ),
    (i) => cFrom[i],
  );
  const activators = list((i) => cKind[i] === C_ACTIVATOR && cTo[i] >= 0);
  const connActivators = list((i) => cKind[i] === C_CONN_ACTIVATOR && cTargetConn[i] >= 0);
  const triggersOnArrival = new Uint8Array(n);
  if (settings.poolTriggers === 'onArrival') {
    for (let i = 0; i < m; i++)
      if ((cKind[i] === C_TRIGGER || cKind[i] === C_REVERSE) && type[cFrom[i]] === T_POOL)
        triggersOnArrival[cFrom[i]] = 1;
  }
  const hasActivators = new Uint8Array(n);
  for (const a of activators) hasActivators[cTo[a]] = 1;
  const charted = Int32Array.from(d.nodes.map((_, i) => i).filter((i) => type[i] === T_POOL || type[i] === T_REGISTER));

  const program: Program = {
    diagram: d,
    settings,
    nodeCount: n,
    nodeIds: d.nodes.map((x) => x.id),
    nodeNames: d.nodes.map((x) => x.name || x.id),
    nodeIndex,
    type,
    activation,
    allMode,
    pushes,
    disabled,
    start,
    capacity,
    overflowDrain,
    gateRandom,
    gateKind,
    delayQueue,
    regEval,
    regInteractive,
    regInitial,
    regStep,
    regMin,
    regMax,
    regOrder: registerOrder(n, type, regInteractive, cKind, cFrom, cTo),
    connCount: m,
    connIds: d.connections.map((c) => c.id),
    connIndex,
    cKind,
    cFrom,
    cTo,
    cTargetConn,
    cConst,
    cRate,
    cEvery,
    cColour,
    cShuffle,
    cOp,
    cA,
    cB,
    inStart,
    inList,
    outStart,
    outList,
    gOutStart,
    gOutList,
    triggers: list((i) => (cKind[i] === C_TRIGGER || cKind[i] === C_REVERSE) && cTo[i] >= 0),
    activators,
    connActivators,
    triggersOnArrival,
    hasActivators,
    modifiers: list((i) => MODIFIER_KINDS.has(cKind[i]) && (cTo[i] >= 0 || cTargetConn[i] >= 0)),
    ends: Int32Array.from(d.nodes.map((_, i) => i).filter((i) => type[i] === T_END && !disabled[i])),
    variables,
    diagramDice,
    colourNames,
    coloured,
    charted,
    chartedIds: Array.from(charted, (i) => d.nodes[i].id),
    chartedIsRegister: Uint8Array.from(charted, (i) => (type[i] === T_REGISTER ? 1 : 0)),
  };
  return { program, problems };
}

function exprIsConstant(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
      return true;
    case 'unary':
      return exprIsConstant(e.arg);
    case 'binary':
      return exprIsConstant(e.left) && exprIsConstant(e.right);
    case 'call':
      return e.fn !== 'random' && e.fn !== 'randomInt' && e.args.every(exprIsConstant);
    default:
      return false;
  }
}

/** Groups connection indices by a key node: returns CSR offsets and the list. */
function group(n: number, items: Int32Array, key: (i: number) => number): [Int32Array, Int32Array] {
  const startArr = new Int32Array(n + 1);
  for (const i of items) startArr[key(i) + 1]++;
  for (let k = 0; k < n; k++) startArr[k + 1] += startArr[k];
  const fill = startArr.slice(0, n);
  const out = new Int32Array(items.length);
  for (const i of items) out[fill[key(i)]++] = i;
  return [startArr, out];
}
