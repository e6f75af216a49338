import { Injectable } from '@nestjs/common';
import type { ActivityType } from '@loopwright/contracts';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';
import { Prisma } from '../../generated/prisma/client.js';

export interface ActivityRow {
  id: string;
  type: ActivityType;
  created_at: Date;
  actor_id: string | null;
  actor_username: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_avatar_url: string | null;
  subject_id: string | null;
  subject_username: string | null;
  subject_first_name: string | null;
  subject_last_name: string | null;
  subject_avatar_url: string | null;
  diagram_fuid: string | null;
  diagram_name: string | null;
  diagram_public: boolean | null;
  diagram_owner_username: string | null;
  viewed: boolean;
}

export interface NewActivity {
  type: ActivityType;
  eventId: string;
  actorId: string | null;
  subjectUserId: string | null;
  diagramId: string | null;
}

/**
 * Who sees an activity (`me`): their own, those about them, trending items, and those of designers
 * they follow; an item about a diagram shows only while the diagram exists and is public, unless
 * the reader is its actor, the one acted on, or its owner.
 */
const visibleTo = (me: string) => Prisma.sql`
  (a.actor_id = ${me}::uuid OR a.subject_user_id = ${me}::uuid OR a.type LIKE 'new-trending-%'
   OR a.actor_id IN (SELECT f.followed_id FROM user_follows f WHERE f.follower_id = ${me}::uuid))
  AND (a.diagram_id IS NULL OR (d.deleted_at IS NULL AND (d.community OR d.owner_id = ${me}::uuid OR a.actor_id = ${me}::uuid OR a.subject_user_id = ${me}::uuid)))`;

/** The Recent Activity read model (activities, activity_views); read-only joins to users, diagrams, follows. */
@Injectable()
export class ActivityRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Idempotent on the event: a redelivered event adds nothing (and says so: false). */
  async insert(tx: TransactionClient, a: NewActivity): Promise<boolean> {
    const added = await tx.$executeRaw`
      INSERT INTO activities (id, type, event_id, actor_id, subject_user_id, diagram_id, updated_at)
      VALUES (gen_random_uuid(), ${a.type}, ${a.eventId}::uuid, ${a.actorId}::uuid, ${a.subjectUserId}::uuid, ${a.diagramId}::uuid, now())
      ON CONFLICT (event_id) DO NOTHING`;
    return added > 0;
  }

  /** Whose feed shows an item as new: the one acted on, and the actor's followers unless it is about a diagram they may not see (as `visibleTo`); never the actor. */
  async audience(
    tx: TransactionClient,
    a: Pick<NewActivity, 'actorId' | 'subjectUserId' | 'diagramId'>,
  ): Promise<string[]> {
    const { actorId, subjectUserId, diagramId } = a;
    const followers = actorId
      ? await tx.$queryRaw<{ id: string }[]>`
          SELECT f.follower_id::text AS id FROM user_follows f
          WHERE f.followed_id = ${actorId}::uuid
            AND (${diagramId}::uuid IS NULL OR EXISTS (SELECT 1 FROM diagrams d WHERE d.id = ${diagramId}::uuid AND d.deleted_at IS NULL AND (d.community OR d.owner_id = f.follower_id)))`
      : [];
    return [...new Set([...(subjectUserId ? [subjectUserId] : []), ...followers.map((f) => f.id)])].filter(
      (id) => id !== actorId,
    );
  }

  /** The owner of a diagram when it is someone other than `except` (the one acted on). */
  async diagramOwnerOtherThan(tx: TransactionClient, diagramId: string, except: string | null): Promise<string | null> {
    const rows = await tx.$queryRaw<
      { owner_id: string }[]
    >`SELECT owner_id::text FROM diagrams WHERE id = ${diagramId}::uuid`;
    const owner = rows[0]?.owner_id ?? null;
    return owner && owner !== except ? owner : null;
  }

  async feed(
    me: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: ActivityRow[]; total: number; hasNew: boolean }> {
    const visible = visibleTo(me);
    const [rows, stats] = await Promise.all([
      this.prisma.$queryRaw<ActivityRow[]>`
        SELECT a.id::text, a.type, a.created_at,
               a.actor_id::text, au.username AS actor_username, au.first_name AS actor_first_name, au.last_name AS actor_last_name, au.avatar_url AS actor_avatar_url,
               a.subject_user_id::text AS subject_id, su.username AS subject_username, su.first_name AS subject_first_name, su.last_name AS subject_last_name, su.avatar_url AS subject_avatar_url,
               d.fuid AS diagram_fuid, d.name AS diagram_name, d.community AS diagram_public, du.username AS diagram_owner_username,
               EXISTS (SELECT 1 FROM activity_views v WHERE v.activity_id = a.id AND v.user_id = ${me}::uuid) AS viewed
        FROM activities a
        LEFT JOIN users au ON au.id = a.actor_id
        LEFT JOIN users su ON su.id = a.subject_user_id
        LEFT JOIN diagrams d ON d.id = a.diagram_id
        LEFT JOIN users du ON du.id = d.owner_id
        WHERE ${visible}
        ORDER BY a.created_at DESC, a.id DESC
        OFFSET ${offset} LIMIT ${limit}`,
      this.prisma.$queryRaw<{ total: bigint; unseen: bigint }[]>`
        SELECT count(*) AS total,
               count(*) FILTER (WHERE a.actor_id IS DISTINCT FROM ${me}::uuid AND NOT EXISTS (SELECT 1 FROM activity_views v WHERE v.activity_id = a.id AND v.user_id = ${me}::uuid)) AS unseen
        FROM activities a LEFT JOIN diagrams d ON d.id = a.diagram_id
        WHERE ${visible}`,
    ]);
    return { rows, total: Number(stats[0]?.total ?? 0), hasNew: Number(stats[0]?.unseen ?? 0) > 0 };
  }

  usernameOf(userId: string): Promise<string | null> {
    return this.prisma.$queryRaw<
      { username: string | null }[]
    >`SELECT username FROM users WHERE id = ${userId}::uuid`.then((r) => r[0]?.username ?? null);
  }

  countExisting(ids: string[]): Promise<number> {
    return this.prisma.$queryRaw<
      { n: bigint }[]
    >`SELECT count(*) AS n FROM activities WHERE id = ANY(${ids}::uuid[])`.then((r) => Number(r[0]?.n ?? 0));
  }

  markViewed(userId: string, ids: string[]): Promise<number> {
    return this.prisma.$executeRaw`
      INSERT INTO activity_views (user_id, activity_id) SELECT ${userId}::uuid, unnest(${ids}::uuid[])
      ON CONFLICT DO NOTHING`;
  }
}
