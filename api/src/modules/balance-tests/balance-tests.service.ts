import { Injectable } from '@nestjs/common';
import { ErrorCode, type BalanceTestView } from '@loopwright/contracts';
import { BalanceTestError, CompileError, describeBalanceTest, runBalanceTest, type Diagram } from '@loopwright/engine';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { BalanceTestsRepository, type BalanceTestRow, type NewBalanceTest } from './balance-tests.repository.js';

/** Runs × steps one balance test may simulate inside a request. */
const MAX_WORK = 5_000_000;

/**
 * Balance tests: saved assertions over a diagram's runs, run on the saved document (deterministic
 * under the test's seed) with a pass/fail history per diagram version.
 */
@Injectable()
export class BalanceTestsService {
  constructor(
    private readonly tests: BalanceTestsRepository,
    private readonly access: DiagramAccessService,
    private readonly diagrams: DiagramsService,
    private readonly events: DomainEventsService,
  ) {}

  async listMine(caller: Caller): Promise<BalanceTestView[]> {
    const rows = await this.tests.mine(caller.userId, await this.access.personalWorkspaceOf(caller));
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async list(fuid: string, caller: Caller): Promise<BalanceTestView[]> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const rows = await this.tests.forDiagram(diagram.id);
    const document = await this.diagrams.documentOf(diagram.id);
    return rows.map((row) => this.viewWith(row, document));
  }

  async create(fuid: string, caller: Caller, input: NewBalanceTest): Promise<BalanceTestView> {
    const { diagram } = await this.access.require(fuid, caller, 'editor');
    const document = await this.diagrams.documentOf(diagram.id);
    const node = (document.nodes ?? []).find((n) => n.id === input.nodeId);
    if (!node || (node.type !== 'pool' && node.type !== 'register')) {
      throw AppError.validation(
        { fields: [{ field: 'nodeId', message: 'Choose a pool or register of the saved diagram' }] },
        'Choose a pool or register of the saved diagram',
      );
    }
    return this.viewWith(await this.tests.create(diagram.id, caller.userId, input), document);
  }

  async delete(id: string, caller: Caller): Promise<void> {
    const row = await this.find(id, caller, 'editor');
    await this.tests.delete(row.id);
  }

  async run(id: string, caller: Caller, origin: 'editor' | 'list') {
    const row = await this.find(id, caller, 'viewer');
    const document = await this.diagrams.documentOf(row.diagramId);
    const steps = Math.max(row.step ?? 0, document.settings?.stepsLimit ?? 100);
    if (row.runs * steps > MAX_WORK) throw new AppError(ErrorCode.PLAY_TOO_LARGE);
    let outcome;
    try {
      outcome = runBalanceTest(document, row);
    } catch (error) {
      if (error instanceof BalanceTestError && error.code === 'NOTHING_PLOTTED')
        throw new AppError(ErrorCode.BALANCE_TEST_NOTHING_PLOTTED);
      if (error instanceof BalanceTestError)
        throw AppError.validation({ fields: [{ field: 'nodeId', message: error.message }] }, error.message);
      if (error instanceof CompileError)
        throw new AppError(ErrorCode.DIAGRAM_INVALID, { details: { problems: error.problems } });
      throw error;
    }
    const result = await this.events.transaction(async (tx, emit) => {
      const recorded = await this.tests.recordResult(tx, row.id, {
        diagramVersion: row.diagram.version,
        passed: outcome.passed,
        observedShare: outcome.observedShare,
        runs: outcome.runs,
        ranById: caller.userId,
        origin,
      });
      // Webhooks (balance_test.failed) tell a team's CI or chat when a change broke the balance.
      if (!outcome.passed)
        await emit({
          type: 'BalanceTestFailed',
          payload: {
            diagramId: row.diagramId,
            fuid: row.diagram.fuid,
            diagramName: row.diagram.name,
            testId: row.id,
            testName: row.name,
            diagramVersion: row.diagram.version,
            observedShare: outcome.observedShare,
            share: row.share,
            ranById: caller.userId,
          },
        });
      return recorded;
    });
    const test = await this.view((await this.tests.find(row.id))!);
    return { test, result: { ...result, createdAt: result.createdAt.toISOString() } };
  }

  private async find(id: string, caller: Caller, needed: 'viewer' | 'editor'): Promise<BalanceTestRow> {
    const row = await this.tests.find(id);
    if (!row) throw new AppError(ErrorCode.BALANCE_TEST_NOT_FOUND);
    await this.access.require(row.diagram.fuid, caller, needed).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.DIAGRAM_NOT_FOUND)
        throw new AppError(ErrorCode.BALANCE_TEST_NOT_FOUND);
      throw error;
    });
    return row;
  }

  private async view(row: BalanceTestRow): Promise<BalanceTestView> {
    return this.viewWith(row, await this.diagrams.documentOf(row.diagramId));
  }

  private viewWith(row: BalanceTestRow, document: Diagram): BalanceTestView {
    const node = (document.nodes ?? []).find((n) => n.id === row.nodeId);
    return {
      id: row.id,
      diagram: row.diagram,
      name: row.name,
      nodeId: row.nodeId,
      step: row.step,
      min: row.min,
      max: row.max,
      share: row.share,
      runs: row.runs,
      seed: row.seed,
      summary: describeBalanceTest(row, node ? { type: node.type, name: node.name || node.id } : undefined),
      createdAt: row.createdAt.toISOString(),
      history: row.results.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    };
  }
}
