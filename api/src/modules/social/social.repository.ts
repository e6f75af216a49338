import { Injectable } from '@nestjs/common';
import type { Connection } from '@loopwright/contracts';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

export interface PersonRow {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  followerCount: number;
  availableForHire: boolean;
}

export interface SocialStateRows {
  diagrams: { fuid: string; count: number; mine: boolean }[];
  designers: { username: string; count: number; forHire: boolean; mine: boolean }[];
  contributors: { fuid: string; username: string; first_name: string | null; last_name: string | null }[];
}

const person = {
  id: true,
  username: true,
  firstName: true,
  lastName: true,
  email: true,
  followerCount: true,
  availableForHire: true,
} as const;

/**
 * Likes and follows, and the counters they keep (diagrams.like_count, users.follower_count and
 * following_count). A row and its counter change in the same transaction; the counter moves only
 * when the row really was inserted or deleted, so parallel or repeated clicks count once.
 */
@Injectable()
export class SocialRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Inserts the like; false when it was there already. */
  async like(tx: TransactionClient, diagramId: string, userId: string): Promise<boolean> {
    return (await tx.diagramLike.createMany({ data: [{ diagramId, userId }], skipDuplicates: true })).count === 1;
  }

  /** Removes the like; false when there was none. */
  async unlike(tx: TransactionClient, diagramId: string, userId: string): Promise<boolean> {
    return (await tx.diagramLike.deleteMany({ where: { diagramId, userId } })).count === 1;
  }

  async likeCount(tx: TransactionClient, diagramId: string): Promise<number> {
    return (await tx.diagram.findUniqueOrThrow({ where: { id: diagramId }, select: { likeCount: true } })).likeCount;
  }

  /** Inserts the follow; false when it was there already. */
  async follow(tx: TransactionClient, followerId: string, followedId: string): Promise<boolean> {
    return (await tx.userFollow.createMany({ data: [{ followerId, followedId }], skipDuplicates: true })).count === 1;
  }

  /** Removes the follow; false when there was none. */
  async unfollow(tx: TransactionClient, followerId: string, followedId: string): Promise<boolean> {
    return (await tx.userFollow.deleteMany({ where: { followerId, followedId } })).count === 1;
  }

  async followerCount(tx: TransactionClient, userId: string): Promise<number> {
    return (await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { followerCount: true } })).followerCount;
  }

  /** A designer with a public community profile (a username, not private). */
  findDesigner(username: string): Promise<PersonRow | null> {
    return this.prisma.user.findFirst({
      where: { username, isPrivateAccount: false, disabledAt: null },
      select: person,
    }) as Promise<PersonRow | null>;
  }

  /**
   * For what a page shows: of these fuids, the ones `userId` likes and every like count; of these
   * usernames, the ones `userId` follows, follower counts and who is for hire; each diagram's
   * contributors (people who saved a version). One statement: every signed-in page view asks this.
   */
  async state(userId: string | null, fuids: string[], usernames: string[]): Promise<SocialStateRows> {
    const [row] = await this.prisma.$queryRaw<{ state: string }[]>`
      SELECT json_build_object(
        'diagrams', (SELECT coalesce(json_agg(json_build_object('fuid', d.fuid, 'count', d.like_count,
                       'mine', ${userId}::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM diagram_likes l WHERE l.diagram_id = d.id AND l.user_id = ${userId}::uuid))), '[]')
                     FROM diagrams d WHERE d.fuid = ANY(${fuids}::text[]) AND d.deleted_at IS NULL),
        'designers', (SELECT coalesce(json_agg(json_build_object('username', u.username, 'count', u.follower_count,
                        'forHire', u.available_for_hire AND NOT u.is_private_account,
                        'mine', ${userId}::uuid IS NOT NULL AND EXISTS (SELECT 1 FROM user_follows f WHERE f.followed_id = u.id AND f.follower_id = ${userId}::uuid))), '[]')
                      FROM users u WHERE u.username = ANY(${usernames}::text[])),
        'contributors', (SELECT coalesce(json_agg(c ORDER BY c.fuid, c.username), '[]') FROM (
                           SELECT DISTINCT d.fuid, u.username, u.first_name, u.last_name
                           FROM diagrams d JOIN diagram_revisions r ON r.diagram_id = d.id JOIN users u ON u.id = r.author_id
                           WHERE d.fuid = ANY(${fuids}::text[]) AND u.username IS NOT NULL AND NOT u.is_private_account) c)
      )::text AS state`;
    return JSON.parse(row.state) as SocialStateRows;
  }

  /** A page of the public community diagrams `username` likes, most recently liked first, and how many there are. */
  async likedFuids(username: string, skip: number, take: number): Promise<{ fuids: string[]; total: number }> {
    const where = { user: { username }, diagram: { community: true, deletedAt: null } };
    const [rows, total] = await Promise.all([
      this.prisma.diagramLike.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { diagramId: 'asc' }],
        skip,
        take,
        select: { diagram: { select: { fuid: true } } },
      }),
      this.prisma.diagramLike.count({ where }),
    ]);
    return { fuids: rows.map((r) => r.diagram.fuid), total };
  }

  /** A page of whom `username` follows, or of who follows them (public profiles only), newest first, and how many there are. */
  async connectionPage(
    username: string,
    which: 'following' | 'followers',
    skip: number,
    take: number,
  ): Promise<{ usernames: string[]; total: number }> {
    const visible = { username: { not: null }, isPrivateAccount: false, disabledAt: null };
    const where =
      which === 'following'
        ? { follower: { username }, followed: visible }
        : { followed: { username }, follower: visible };
    const [rows, total] = await Promise.all([
      this.prisma.userFollow.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { followerId: 'asc' }, { followedId: 'asc' }],
        skip,
        take,
        select: { followed: { select: { username: true } }, follower: { select: { username: true } } },
      }),
      this.prisma.userFollow.count({ where }),
    ]);
    return { usernames: rows.map((r) => (which === 'following' ? r.followed.username! : r.follower.username!)), total };
  }

  /** Usernames `username` follows / who follow `username` (public profiles only), newest first. */
  async connections(username: string, take: number): Promise<{ following: string[]; followers: string[] }> {
    const visible = { username: { not: null }, isPrivateAccount: false, disabledAt: null };
    const [following, followers] = await Promise.all([
      this.prisma.userFollow.findMany({
        where: { follower: { username }, followed: visible },
        orderBy: { createdAt: 'desc' },
        take,
        select: { followed: { select: { username: true } } },
      }),
      this.prisma.userFollow.findMany({
        where: { followed: { username }, follower: visible },
        orderBy: { createdAt: 'desc' },
        take,
        select: { follower: { select: { username: true } } },
      }),
    ]);
    return {
      following: following.map((r) => r.followed.username!),
      followers: followers.map((r) => r.follower.username!),
    };
  }

  /** Public profiles by username, as connection cards. */
  async people(usernames: string[]): Promise<Map<string, Connection>> {
    if (!usernames.length) return new Map();
    const rows = await this.prisma.user.findMany({
      where: { username: { in: usernames }, isPrivateAccount: false, disabledAt: null },
      select: {
        id: true,
        username: true,
        firstName: true,
        lastName: true,
        avatarUrl: true,
        followerCount: true,
        publicDiagramCount: true,
      },
    });
    return new Map(
      rows.map((r) => [
        r.username!,
        {
          id: r.id,
          username: r.username!,
          name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.username!,
          avatarUrl: r.avatarUrl,
          followerCount: r.followerCount,
          publicDiagramCount: r.publicDiagramCount,
        },
      ]),
    );
  }
}
