import { Injectable } from '@nestjs/common';
import type { Readiness } from '@loopwright/contracts';
import { outageMonitor } from '../errors/outage-monitor.js';
import { RequestDrain } from '../http/request-drain.js';
import { repoPaths } from '../paths.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { unappliedMigrations } from '../prisma/migration-status.js';
import { QueueService } from '../queue/queue.service.js';

const TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref(),
    ),
  ]);
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const line = error.message
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  const code = (error as { code?: string }).code;
  return line ?? code ?? error.name;
}

@Injectable()
export class HealthService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly queue: QueueService,
    private readonly drain: RequestDrain,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, queue] = await Promise.all([this.database(), this.queueCheck()]);
    const migrations = database.status === 'up' ? await this.migrations() : { status: 'down' as const, pending: [] };
    const storage = this.storage();
    const draining = this.drain.isDraining;
    const ready =
      !draining &&
      database.status === 'up' &&
      migrations.status === 'up' &&
      queue.status === 'up' &&
      storage.status === 'up';
    return { status: ready ? 'ready' : 'not-ready', draining, checks: { database, migrations, storage, queue } };
  }

  private storage(): Readiness['checks']['storage'] {
    if (!outageMonitor.seen('storage-full')) return { status: 'up' };
    return { status: 'down', error: 'PostgreSQL is out of disk space: saves answer 503 until space is freed' };
  }

  private async database(): Promise<Readiness['checks']['database']> {
    try {
      await withTimeout(this.prisma.$queryRaw`SELECT 1`, 'the database');
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', error: reason(error) };
    }
  }

  private async migrations(): Promise<Readiness['checks']['migrations']> {
    const pending = await unappliedMigrations(this.prisma, repoPaths.migrations.migrationsDir);
    return { status: pending.length ? 'down' : 'up', pending };
  }

  private async queueCheck(): Promise<Readiness['checks']['queue']> {
    const mode = this.queue.mode;
    try {
      await withTimeout(this.queue.ping(), 'Redis');
      return { status: 'up', mode };
    } catch (error) {
      return { status: 'down', mode, error: reason(error) };
    }
  }
}
