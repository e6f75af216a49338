import { Injectable } from '@nestjs/common';
import { ErrorCode, type Connection, type FollowState, type LikeState, type SocialState } from '@loopwright/contracts';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TransactionClient } from '../../core/prisma/prisma.service.js';
import { DiagramAccessService } from '../diagrams/diagram-access.service.js';
import { DiagramCountersService } from '../diagrams/diagram-counters.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { UserFieldsService } from '../users/user-fields.service.js';
import { SocialRepository } from './social.repository.js';

const MAX_ASKED = 100;
const list = (value: string | undefined) =>
  [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, MAX_ASKED);

/**
 * Likes and follows. Each is one short transaction: the row, its counters and the domain event
 * (DiagramLiked / UserFollowed, which notify the owner) commit together or not at all.
 */
@Injectable()
export class SocialService {
  constructor(
    private readonly repository: SocialRepository,
    private readonly access: DiagramAccessService,
    private readonly events: DomainEventsService,
    private readonly counters: DiagramCountersService,
    private readonly userFields: UserFieldsService,
  ) {}

  /** Any diagram the caller can view (public ones for everyone). */
  async like(fuid: string, caller: Caller): Promise<LikeState> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const likeCount = await this.events.transaction(async (tx, emit) => {
      if (!(await this.repository.like(tx, diagram.id, caller.userId)))
        return this.repository.likeCount(tx, diagram.id);
      await emit({
        type: 'DiagramLiked',
        payload: {
          diagramId: diagram.id,
          fuid: diagram.fuid,
          diagramName: diagram.name,
          likedById: caller.userId,
          ownerId: diagram.ownerId,
        },
      });
      return this.counters.add(diagram.id, { likeCount: 1 }, tx);
    });
    return { fuid, liked: true, likeCount };
  }

  async unlike(fuid: string, caller: Caller): Promise<LikeState> {
    const { diagram } = await this.access.require(fuid, caller, 'viewer');
    const likeCount = await this.events.transaction(async (tx) =>
      (await this.repository.unlike(tx, diagram.id, caller.userId))
        ? this.counters.add(diagram.id, { likeCount: -1 }, tx)
        : this.repository.likeCount(tx, diagram.id),
    );
    return { fuid, liked: false, likeCount };
  }

  async follow(username: string, caller: Caller): Promise<FollowState> {
    const designer = await this.requireDesigner(username);
    if (designer.id === caller.userId) throw new AppError(ErrorCode.COMMUNITY_FOLLOW_SELF);
    const followerCount = await this.events.transaction(async (tx, emit) => {
      if (!(await this.repository.follow(tx, caller.userId, designer.id)))
        return this.repository.followerCount(tx, designer.id);
      await emit({ type: 'UserFollowed', payload: { followerId: caller.userId, followedId: designer.id } });
      return this.countFollow(caller.userId, designer.id, 1, tx);
    });
    return { username: designer.username, isFollowed: true, followerCount };
  }

  async unfollow(username: string, caller: Caller): Promise<FollowState> {
    const designer = await this.requireDesigner(username);
    const followerCount = await this.events.transaction(async (tx) =>
      (await this.repository.unfollow(tx, caller.userId, designer.id))
        ? this.countFollow(caller.userId, designer.id, -1, tx)
        : this.repository.followerCount(tx, designer.id),
    );
    return { username: designer.username, isFollowed: false, followerCount };
  }

  /** The follower's follows and the followed one's followers; answers the followed one's count. */
  private async countFollow(followerId: string, followedId: string, delta: 1 | -1, tx: TransactionClient) {
    await this.userFields.addToCounters(followerId, { followingCount: delta }, tx);
    return this.userFields.addToCounters(followedId, { followerCount: delta }, tx);
  }

  async requireDesigner(username: string) {
    const designer = await this.repository.findDesigner(username);
    if (!designer) throw new AppError(ErrorCode.COMMUNITY_USER_NOT_FOUND);
    return designer;
  }

  /** likedByAuthenticatedUser / isFollowed for what a page shows, with the current counts and contributors. */
  async state(caller: Caller | undefined, query: { fuids?: string; usernames?: string }): Promise<SocialState> {
    const fuids = list(query.fuids);
    const usernames = list(query.usernames);
    if (!fuids.length && !usernames.length)
      return { liked: [], followed: [], likeCounts: {}, followerCounts: {}, contributors: {}, forHire: [] };
    const rows = await this.repository.state(caller?.userId ?? null, fuids, usernames);
    const contributors: SocialState['contributors'] = {};
    for (const r of rows.contributors)
      (contributors[r.fuid] ??= []).push({
        username: r.username,
        name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username,
      });
    return {
      liked: rows.diagrams.filter((d) => d.mine).map((d) => d.fuid),
      followed: rows.designers.filter((d) => d.mine).map((d) => d.username),
      likeCounts: Object.fromEntries(rows.diagrams.map((d) => [d.fuid, d.count])),
      followerCounts: Object.fromEntries(rows.designers.map((d) => [d.username, d.count])),
      contributors,
      forHire: rows.designers.filter((d) => d.forHire).map((d) => d.username),
    };
  }

  /** A page of whom `username` follows or of who follows them (usernames; the website turns them into cards). */
  connectionPage(username: string, which: 'following' | 'followers', page: { page: number; count: number }) {
    return this.repository.connectionPage(username, which, (page.page - 1) * page.count, page.count);
  }

  /** A page of the public diagrams `username` likes (fuids; the website turns them into cards). */
  likedFuids(username: string, page: { page: number; count: number }) {
    return this.repository.likedFuids(username, (page.page - 1) * page.count, page.count);
  }

  /** The spec's /community/user/connections/ answer. */
  async connections(username: string): Promise<{ following: Connection[]; followers: Connection[] }> {
    await this.requireDesigner(username);
    const names = await this.repository.connections(username, 100);
    const people = await this.repository.people([...names.following, ...names.followers]);
    const pick = (list: string[]) => list.flatMap((u) => (people.has(u) ? [people.get(u)!] : []));
    return { following: pick(names.following), followers: pick(names.followers) };
  }

  async setAvailableForHire(caller: Caller, availableForHire: boolean) {
    return this.userFields.setAvailableForHire(caller.userId, availableForHire);
  }
}
