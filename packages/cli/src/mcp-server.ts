import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ShapeOutput, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LoopwrightError, type LoopwrightClient } from '@loopwright/client';
import {
  formatProblem,
  parseLever,
  sensitivity,
  solve,
  StudyInputError,
  validate,
  type DiagramInput,
} from '@loopwright/engine';
import { z } from 'zod';

/** The most evaluations a study tool runs in one call (the app's process runs it). */
const STUDY_BUDGET = { samples: 64, runs: 50, budget: 120 };
const WAIT_MS = 120_000;

type Element = { id: string } & Record<string, unknown>;
type Document = Omit<DiagramInput, 'nodes' | 'connections'> & { nodes: Element[]; connections: Element[] };

const ok = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
});
const refused = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

/** A tool's answer, or the API's refusal (access, plan limits, validation) as the assistant should read it. */
async function answer(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof LoopwrightError) {
      const fields = (error.details as { fields?: { field: string; message: string }[] } | undefined)?.fields;
      const detail = fields?.length ? `: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}` : '';
      return refused(`${error.code} (HTTP ${error.status}): ${error.message}${detail}`);
    }
    if (error instanceof StudyInputError || error instanceof ToolInputError) return refused(error.message);
    throw error;
  }
}

class ToolInputError extends Error {}

/** A diagram in a list: enough to pick it and read it. */
const brief = (d: { fuid: string; name: string; updatedAt: string }) => ({
  fuid: d.fuid,
  name: d.name,
  updatedAt: d.updatedAt,
});

const fuid = z.string().min(1).describe("The diagram's FUID (from list_diagrams or its URL)");
const element = z
  .object({ id: z.string().min(1) })
  .catchall(z.unknown())
  .describe(
    'A node ({ id, type: pool|source|drain|converter|gate|register|…, name, x, y, … }) or a connection ({ id, kind: resource|state, from, to, formula, … })',
  );
/** The version's message; the API's save checks it (1–500 characters), as it does `push -m`. */
const versionMessage = z
  .string()
  .optional()
  .describe("This version's message: it starts its own entry in the version history");
/** What every study (sensitivity, solve) takes: the diagram, its levers, and runs per point on seeds from `seed`. */
const studyInput = {
  fuid,
  levers: z
    .array(z.string())
    .min(1)
    .max(8)
    .describe('NAME=MIN:MAX[:int|:log]: a variable, or Pool.start / Pool.capacity, and its range'),
  runs: z.number().int().min(1).max(STUDY_BUDGET.runs).default(20),
  seed: z.number().int().min(0).default(1),
};

/**
 * Loopwright's MCP tools over the API client: every call is an API call with the user's key, so the
 * API's access checks and plan limits hold, and edits take the same path as the editor's saves
 * (PUT /diagrams/{fuid}/document: attributed, in the version history, live to open editors).
 */
export function createMcpServer(api: LoopwrightClient, info = { name: 'loopwright', version: '0.1.0' }): McpServer {
  const server = new McpServer(info, {
    instructions:
      'Loopwright diagrams are game-economy models (pools, sources, drains, converters, connections with formulas). ' +
      'Read a diagram before editing it; element ids are stable. Runs and studies are simulations on the server.',
  });
  const documentOf = async (id: string) => {
    const { diagram } = await api.diagram.get({ params: { fuid: id } });
    return diagram;
  };
  /**
   * One tool: its input, and what it does with the validated arguments. Its answer (JSON, or text as
   * it is) or the API's refusal is what the assistant reads; `readOnly` tells it the tool changes nothing.
   */
  const tool = <S extends ZodRawShapeCompat>(
    name: string,
    config: { description: string; inputSchema: S; readOnly?: boolean },
    run: (args: ShapeOutput<S>) => Promise<unknown>,
  ) =>
    server.registerTool(
      name,
      {
        description: config.description,
        inputSchema: config.inputSchema,
        ...(config.readOnly ? { annotations: { readOnlyHint: true } } : {}),
      },
      // The SDK types the callback by a conditional on S, which TypeScript cannot resolve for a generic S.
      ((args: ShapeOutput<S>) => answer(() => run(args))) as unknown as ToolCallback<S>,
    );

  tool(
    'list_diagrams',
    {
      description: "My diagrams (or shared with me, or my team's), newest first, with their FUIDs",
      inputSchema: {
        scope: z.enum(['mine', 'shared', 'team']).optional(),
        page: z.number().int().min(1).optional(),
      },
      readOnly: true,
    },
    async ({ scope, page }) => {
      const list = await api.diagram.list({ query: { scope, page, pageSize: 50 } });
      return {
        total: list.total,
        page: list.page,
        items: list.items.map(brief),
      };
    },
  );

  tool(
    'search_diagrams',
    {
      description: 'Find my diagrams whose name or description contains the words',
      inputSchema: { query: z.string().min(1).max(200), scope: z.enum(['mine', 'shared', 'team']).optional() },
      readOnly: true,
    },
    async ({ query, scope }) => {
      const list = await api.diagram.list({ query: { q: query, scope, pageSize: 50 } });
      return list.items.map(brief);
    },
  );

  tool(
    'read_diagram',
    {
      description: 'A diagram: name, version and its document (settings, nodes, connections)',
      inputSchema: { fuid },
      readOnly: true,
    },
    async ({ fuid: id }) => {
      const d = await documentOf(id);
      return { fuid: d.fuid, name: d.name, version: d.version, runStepsLimit: d.runStepsLimit, document: d.document };
    },
  );

  tool(
    'create_diagram',
    {
      description: 'Create a diagram (empty, or with a whole document); answers its FUID',
      inputSchema: {
        name: z.string().min(1).max(200),
        description: z.string().max(5000).optional(),
        document: z.record(z.string(), z.unknown()).optional().describe('{ version: 1, settings, nodes, connections }'),
      },
    },
    async ({ name, description, document }) => {
      const { diagram } = await api.diagram.create({ body: { name, description, document: document } });
      return { fuid: diagram.fuid, name: diagram.name, version: diagram.version };
    },
  );

  tool(
    'edit_diagram',
    {
      description:
        'Add, change or remove elements in one saved edit (a new version, undoable from the version history). ' +
        'add: whole elements; change: { id, …fields to set }; remove: ids (a node takes its connections with it). ' +
        'message: what the edit is for, shown in the version history (as `push -m`).',
      inputSchema: {
        fuid,
        add: z.array(element).optional(),
        change: z.array(element).optional(),
        remove: z.array(z.string()).optional(),
        settings: z
          .record(z.string(), z.unknown())
          .optional()
          .describe('Settings fields to set, e.g. { stepsLimit: 100 }'),
        message: versionMessage,
      },
    },
    async ({ fuid: id, add = [], change = [], remove = [], settings, message }) => {
      // Saved against the version it was read at: a concurrent save makes the API answer 409, and the edit is re-applied once on the newer document.
      for (let attempt = 0; ; attempt++) {
        const diagram = await documentOf(id);
        const document = edited(diagram.document, { add, change, remove, settings });
        try {
          const saved = await api.diagram.save({
            params: { fuid: id },
            body: { baseVersion: diagram.version, document: document as never, autosave: false, message },
          });
          return {
            fuid: id,
            version: saved.version,
            nodes: document.nodes.length,
            connections: document.connections.length,
            warnings: saved.warnings.map((w) => w.message),
          };
        } catch (error) {
          if (attempt === 0 && error instanceof LoopwrightError && error.code === 'DIAGRAM_VERSION_CONFLICT') continue;
          throw error;
        }
      }
    },
  );

  tool(
    'validate_diagram',
    {
      description: 'Problems that stop a diagram from running (errors) or that it runs with (warnings)',
      inputSchema: { fuid },
      readOnly: true,
    },
    async ({ fuid: id }) => {
      const problems = validate((await documentOf(id)).document);
      return problems.length
        ? problems.map((p) => `${p.severity}: ${formatProblem(p)}`).join('\n')
        : 'No problems: the diagram runs.';
    },
  );

  tool(
    'run_diagram',
    {
      description:
        'Run a diagram on the server (a multiple run) and wait for it: per charted element, the mean, min and max at every step (the chart data)',
      inputSchema: {
        fuid,
        runs: z.number().int().min(1).max(10_000).default(100),
        steps: z.number().int().min(1).optional(),
        seed: z.number().int().min(0).optional(),
      },
    },
    async ({ fuid: id, runs, steps, seed }) => {
      const { play } = await api.play.batch({ params: { fuid: id }, body: { runs, steps, seed } });
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const { play: current } = await api.play.get({ params: { fuid: id, playId: play.id } });
        if (current.status === 'done' || current.status === 'failed' || current.status === 'cancelled') {
          if (current.status !== 'done') throw new ToolInputError(`The run ${current.status}: ${current.error ?? ''}`);
          const chart = Object.fromEntries(
            Object.entries(current.stats?.summary ?? {}).map(([element, s]) => [
              s.name ?? element,
              { mean: s.mean, min: s.min, max: s.max },
            ]),
          );
          return { playId: current.id, runs: current.runs, steps: current.steps, seed: current.seed, chart };
        }
        if (Date.now() > deadline)
          return {
            playId: play.id,
            status: current.status,
            completedRuns: current.completedRuns,
            note: 'still running',
          };
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    },
  );

  tool(
    'run_balance_tests',
    {
      description: "Run the diagram's saved balance tests on the server: PASS or FAIL for each",
      inputSchema: { fuid },
    },
    async ({ fuid: id }) => {
      const { items } = await api.balanceTest.list({ params: { fuid: id } });
      const results = [];
      for (const test of items) {
        const { result } = await api.balanceTest.run({ params: { id: test.id }, body: { origin: 'list' } });
        results.push({
          name: test.name,
          summary: test.summary,
          passed: result.passed,
          observedShare: result.observedShare,
        });
      }
      return {
        passed: results.filter((r) => r.passed).length,
        failed: results.filter((r) => !r.passed).length,
        results,
      };
    },
  );

  tool(
    'sensitivity',
    {
      description:
        'Which levers move a metric (Sobol or Morris), e.g. levers ["Income.rate=1:5"], metric "mean(Gold, 50)". Small budgets: at most 64 samples of 50 runs.',
      inputSchema: {
        ...studyInput,
        metric: z.string().min(1).describe('STAT(NODE, STEP), e.g. "p90(Gold, end)"'),
        method: z.enum(['sobol', 'morris']).default('sobol'),
        samples: z.number().int().min(2).max(STUDY_BUDGET.samples).default(16),
      },
      readOnly: true,
    },
    async ({ fuid: id, levers: texts, ...options }) =>
      sensitivity((await documentOf(id)).document, { ...options, levers: texts.map(parseLever) }),
  );

  tool(
    'solve',
    {
      description:
        'Find lever values that meet every goal (assertions like "mean(Gold, 50) >= 100"), optionally minimising or maximising an expression. Does not change the diagram.',
      inputSchema: {
        ...studyInput,
        goals: z.array(z.string()).max(10).default([]),
        minimize: z.string().optional(),
        maximize: z.string().optional(),
        budget: z.number().int().min(10).max(STUDY_BUDGET.budget).default(60),
      },
      readOnly: true,
    },
    async ({ fuid: id, levers: texts, ...options }) => {
      const result = solve((await documentOf(id)).document, { ...options, levers: texts.map(parseLever) });
      return {
        levers: result.levers,
        met: result.met,
        goals: result.goals,
        objective: result.objective,
        verified: result.verified,
      };
    },
  );

  tool(
    'compare_versions',
    {
      description:
        'What changed between two versions, element by element. Version ids come from list_versions; "current" is the diagram as it is now.',
      inputSchema: { fuid, from: z.string().min(1), to: z.string().min(1).default('current') },
      readOnly: true,
    },
    ({ fuid: id, from, to }) => api.compare.compare({ params: { fuid: id }, query: { from, to } }),
  );

  tool(
    'list_versions',
    {
      description: "A diagram's version history, newest first (ids for compare_versions)",
      inputSchema: { fuid },
      readOnly: true,
    },
    async ({ fuid: id }) => {
      const { items } = await api.diagramVersion.list({ params: { fuid: id } });
      return items.map((v) => ({
        id: v.id,
        version: v.version,
        author: v.author?.username ?? null,
        at: v.updatedAt,
        message: v.message,
      }));
    },
  );

  return server;
}

/** The document with the edit applied; an id that is missing or already taken is the caller's mistake. */
export function edited(
  document: Document,
  edit: { add: Element[]; change: Element[]; remove: string[]; settings?: Record<string, unknown> },
): Document {
  const nodes = [...(document.nodes ?? [])];
  const connections = [...(document.connections ?? [])];
  const ids = new Set([...nodes, ...connections].map((e) => e.id));
  const removed = new Set(edit.remove);
  for (const id of removed) if (!ids.has(id)) throw new ToolInputError(`No element has the id ${id}`);
  for (const element of edit.add) {
    if (ids.has(element.id) && !removed.has(element.id)) throw new ToolInputError(`The id ${element.id} is taken`);
    ids.add(element.id);
    ('kind' in element || 'from' in element ? connections : nodes).push(element);
  }
  for (const { id, ...fields } of edit.change) {
    const list = nodes.some((n) => n.id === id) ? nodes : connections;
    const index = list.findIndex((e) => e.id === id);
    if (index < 0) throw new ToolInputError(`No element has the id ${id}`);
    list[index] = { ...list[index], ...fields, id };
  }
  const keep = (e: Element) => !removed.has(e.id);
  const touchesRemoved = (c: Element) => removed.has(c.from as string) || removed.has(c.to as string);
  return {
    ...document,
    settings: { ...document.settings, ...edit.settings },
    nodes: nodes.filter(keep),
    connections: connections.filter((c) => keep(c) && !touchesRemoved(c)),
  };
}
