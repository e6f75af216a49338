import { ACCESS_COOKIE, RealtimeEvents } from '@loopwright/contracts';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiagram } from '../../../test/factories/diagrams.js';
import { createUser, loginAs } from '../../../test/factories/users.js';
import { eventually } from '../../../test/support/eventually.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { PrismaService } from '../../core/prisma/prisma.service.js';
import { QueueService } from '../../core/queue/queue.service.js';
import { DomainEventsService } from './domain-events.service.js';
import { EventDispatcher } from './event-dispatcher.js';

describe('domain events through the outbox', () => {
  let app: TestApp;
  let prisma: PrismaService;
  beforeAll(async () => {
    app = await startTestApp();
    prisma = app.http.app.get(PrismaService);
  });
  afterAll(() => app?.close());

  it('sharing a diagram with a person notifies them live and by e-mail, once, even when the event is delivered again', async () => {
    const [owner, invitee] = await Promise.all([createUser(app), createUser(app)]);
    const [ownerClient, inviteeClient] = await Promise.all([loginAs(app, owner), loginAs(app, invitee)]);
    await prisma.user.update({ where: { id: owner.id }, data: { firstName: 'Ada', lastName: 'Owner' } });
    const diagram = await createDiagram(ownerClient, { name: 'Shared economy' });

    const socket = connect(app.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: `${ACCESS_COOKIE}=${inviteeClient.cookie(ACCESS_COOKIE)}` },
      reconnection: false,
    });
    const pushed = new Promise<{ message: string; link: string }>((resolve) =>
      socket.on(RealtimeEvents.notification, resolve),
    );
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    try {
      expect(
        (await ownerClient.post(`/diagrams/${diagram.fuid}/shares`, { email: invitee.email, role: 'editor' })).status,
      ).toBe(201);
      expect(await pushed).toMatchObject({
        message: 'Ada Owner shared "Shared economy" with you',
        link: `/diagrams/${diagram.fuid}`,
      });
    } finally {
      socket.disconnect();
    }
    const list = (await inviteeClient.get('/notifications')).body.content;
    expect(list.unviewedCount).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'info',
      message: 'Ada Owner shared "Shared economy" with you',
      link: `/diagrams/${diagram.fuid}`,
    });

    const event = await prisma.domainEvent.findFirstOrThrow({
      where: { type: 'DiagramShared', payload: { path: ['fuid'], equals: diagram.fuid } },
      include: { deliveries: true },
    });
    const delivered = await eventually(async () =>
      (await prisma.domainEvent.findUnique({ where: { id: event.id } }))?.dispatchedAt ? true : undefined,
    );
    expect(delivered).toBe(true);
    expect(
      (await prisma.domainEventDelivery.findMany({ where: { eventId: event.id } })).map((d) => d.consumer).sort(),
    ).toEqual(['activity', 'mail', 'notifications']); // activity: Recent Activity (community)
    const mails = () => prisma.mailLog.findMany({ where: { template: 'diagram-shared', to: invitee.email } });
    await eventually(async () => ((await mails())[0]?.status === 'stored' ? true : undefined));
    expect((await mails())[0].subject).toBe('Ada Owner shared "Shared economy" with you');

    // Delivered again (a retried job, the relay): nothing happens twice.
    await prisma.domainEvent.update({ where: { id: event.id }, data: { dispatchedAt: null } });
    await app.http.app.get(EventDispatcher).deliver(event.id);
    expect((await inviteeClient.get('/notifications')).body.content.unviewedCount).toBe(1);
    expect(await mails()).toHaveLength(1);
  });

  it('writes no event for a change that did not happen, and the relay delivers events the queue never got', async () => {
    const [owner, invitee] = await Promise.all([createUser(app), createUser(app)]);
    const [ownerClient, inviteeClient] = await Promise.all([loginAs(app, owner), loginAs(app, invitee)]);
    const diagram = await createDiagram(ownerClient, { name: 'Once' });
    expect(
      (await ownerClient.post(`/diagrams/${diagram.fuid}/shares`, { email: invitee.email, role: 'viewer' })).status,
    ).toBe(201);
    expect(
      (await ownerClient.post(`/diagrams/${diagram.fuid}/shares`, { email: invitee.email, role: 'editor' })).status,
    ).toBe(409);
    await app.http.app.get(QueueService).drain();
    expect(
      await prisma.domainEvent.count({
        where: { type: 'DiagramShared', payload: { path: ['fuid'], equals: diagram.fuid } },
      }),
    ).toBe(1);

    // An event written while the queue was down: only the relay hands it over.
    const events = app.http.app.get(DomainEventsService);
    const id = await prisma.$transaction((tx) =>
      events.record(
        {
          type: 'BatchFinished',
          payload: {
            playId: '0190e000-0000-7000-8000-000000000001',
            fuid: diagram.fuid,
            diagramName: 'Once',
            authorId: invitee.id,
            runs: 5,
            status: 'failed',
          },
        },
        tx,
      ),
    );
    await prisma.domainEvent.update({ where: { id }, data: { createdAt: new Date(Date.now() - 120_000) } });
    expect(await events.relayStranded()).toBeGreaterThanOrEqual(1);
    await app.http.app.get(QueueService).drain();
    const notifications = (await inviteeClient.get('/notifications')).body.content.notifications;
    expect(notifications.map((n: { type: string; message: string }) => [n.type, n.message])).toContainEqual([
      'error',
      'Your batch of 5 runs of "Once" failed: Failed executing quick plays batch',
    ]);
  });
});
