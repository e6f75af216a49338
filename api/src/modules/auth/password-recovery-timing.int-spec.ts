import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/users.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';

const ROUNDS = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
}

function quartileSpread(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.75)] - sorted[Math.floor(sorted.length * 0.25)];
}

/** Whether an address has an account must not show in how long recovery takes to answer. */
describe.skipIf(!inject('redisUrl'))('password recovery timing', () => {
  let app: TestApp;
  const users: TestUser[] = [];
  beforeAll(async () => {
    app = await startTestApp({ redis: true, env: { TRUST_PROXY: 'true' } });
    for (let i = 0; i < ROUNDS + 5; i++) users.push(await createUser(app));
  });
  afterAll(() => app?.close());

  async function timed(email: string, round: number): Promise<number> {
    const started = performance.now();
    const response = await fetch(`${app.url}/api/oauth2/password/recover`, {
      method: 'POST',
      // Each request from its own address, so the per-address limit never answers first.
      headers: {
        'content-type': 'application/json',
        'x-client-id': 'loopwright-web',
        'x-forwarded-for': `10.1.${Math.floor(round / 200)}.${round % 200}`,
      },
      body: JSON.stringify({ email }),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    return performance.now() - started;
  }

  it('does the same work for both before answering: count the attempt and enqueue one job, nothing else', async () => {
    const prisma = app.http.app.get(PrismaService);
    const queue = app.http.app.get(QueueService).queue('mail');
    const before = {
      tokens: await prisma.authToken.count(),
      mails: await prisma.mailLog.count(),
      jobs: await queue.count(),
    };
    await timed(users[0].email, 5000);
    await timed(`nobody-${Date.now()}@example.test`, 5001);
    expect({
      tokens: await prisma.authToken.count(),
      mails: await prisma.mailLog.count(),
      jobs: await queue.count(),
    }).toEqual({ ...before, jobs: before.jobs + 2 });
    const jobs = (await queue.getJobs(['waiting']))
      .filter((j) => j.name === 'auth.password-recovery')
      .map((j) => Object.keys(j.data));
    expect(jobs).toEqual([['email'], ['email']]);
  });

  it('takes the same time for a known and an unknown address (medians within the noise)', async () => {
    for (let i = 0; i < 5; i++) await timed(users[ROUNDS + i].email, 1000 + i);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so drift in the machine's load hits both alike.
      const pair = [
        () => timed(users[i].email, 2 * i),
        () => timed(`ghost-${i}-${Date.now()}@example.test`, 2 * i + 1),
      ] as const;
      if (i % 2) {
        unknown.push(await pair[1]());
        known.push(await pair[0]());
      } else {
        known.push(await pair[0]());
        unknown.push(await pair[1]());
      }
    }
    const difference = Math.abs(median(known) - median(unknown));
    const noise = Math.max(1, (quartileSpread(known) + quartileSpread(unknown)) / 2);
    expect(
      difference,
      `known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, spread ${noise.toFixed(2)} ms`,
    ).toBeLessThan(noise);
  }, 60_000);
});
