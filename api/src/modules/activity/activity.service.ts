import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../core/tokens.js';
import { CommunityRules, diagramSlug, ErrorCode, type ActivityFeed, type ActivityItem } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { ActivityRepository, type ActivityRow } from './activity.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nameOf = (username: string | null, first: string | null, last: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || username || 'A former member';

/** The sentence for an item, in its current-user variants ("You …", "… you", "your …"). */
export function activityText(row: ActivityRow, me: string): string {
  const byMe = row.actor_id === me;
  const aboutMe = row.subject_id === me;
  const actor = byMe ? 'You' : nameOf(row.actor_username, row.actor_first_name, row.actor_last_name);
  const user = aboutMe ? 'you' : nameOf(row.subject_username, row.subject_first_name, row.subject_last_name);
  const diagram = `“${row.diagram_name ?? 'a diagram'}”`;
  const your = aboutMe ? 'your diagram ' : '';
  switch (row.type) {
    case 'publish-diagram':
      return `${actor} published ${diagram} on community`;
    case 'share-diagram':
      return `${actor} shared ${diagram} with ${row.subject_id ? user : 'someone'}`;
    case 'like-diagram':
      return `${actor} liked ${your}${diagram}`;
    case 'clone-diagram':
      return `${actor} forked ${your}${diagram}`;
    case 'create-diagram':
      return `${actor} created ${diagram}`;
    case 'update-diagram':
      return `${actor} updated ${your}${diagram}`;
    case 'follow-user':
      return `${actor} followed ${user}`;
    case 'publish-template':
      return `${actor} published the template ${diagram}`;
    case 'new-trending-diagram':
      return aboutMe ? `Your diagram ${diagram} is trending` : `${diagram} by ${user} is trending`;
    case 'new-trending-template':
      return aboutMe ? `Your template ${diagram} is trending` : `The template ${diagram} by ${user} is trending`;
    case 'new-trending-user':
      return aboutMe ? 'You are a trending designer this week' : `${user} is a trending designer this week`;
  }
}

function toItem(row: ActivityRow, me: string): ActivityItem {
  const person = (username: string | null, first: string | null, last: string | null, avatarUrl: string | null) =>
    username ? { username, name: nameOf(username, first, last), avatarUrl } : null;
  return {
    id: row.id,
    type: row.type,
    isNew: !row.viewed && row.actor_id !== me,
    byCurrentUser: row.actor_id === me,
    aboutCurrentUser: row.subject_id === me,
    actor: person(row.actor_username, row.actor_first_name, row.actor_last_name, row.actor_avatar_url),
    user: person(row.subject_username, row.subject_first_name, row.subject_last_name, row.subject_avatar_url),
    diagram: row.diagram_fuid
      ? {
          fuid: row.diagram_fuid,
          name: row.diagram_name ?? '',
          url:
            row.diagram_public && row.diagram_owner_username
              ? `/community/${row.diagram_owner_username}/${diagramSlug(row.diagram_name ?? '')}-${row.diagram_fuid}`
              : `/diagrams/${row.diagram_fuid}`,
        }
      : null,
    text: activityText(row, me),
    createdAt: row.created_at.toISOString(),
  };
}

/** Recent Activity: the reader's feed in pages of 10 (newest first), new items, marking them viewed. */
@Injectable()
export class ActivityService {
  constructor(
    private readonly repository: ActivityRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async checkUsername(userId: string, username: string | undefined): Promise<void> {
    if (username === undefined || username === '') return;
    if ((await this.repository.usernameOf(userId)) !== username)
      throw new AppError(ErrorCode.ACTIVITY_INVALID_INPUT, { details: { username } });
  }

  async feed(userId: string, query: { page: number; count: number; username?: string }): Promise<ActivityFeed> {
    await this.checkUsername(userId, query.username);
    const count = query.count || CommunityRules.activityPageSize;
    let result: Awaited<ReturnType<ActivityRepository['feed']>>;
    try {
      result = await this.repository.feed(userId, (query.page - 1) * count, count);
    } catch (error) {
      this.logger.error({ userId, error: (error as Error).message }, 'activity feed query failed');
      throw new AppError(ErrorCode.ACTIVITY_FEED_ERROR);
    }
    const lastPage = Math.max(1, Math.ceil(result.total / count));
    return {
      list: result.rows.map((r) => toItem(r, userId)),
      page: query.page,
      lastPage,
      recordsPerPage: count,
      totalCount: result.total,
      hasNew: result.hasNew,
      hasMore: query.page < lastPage,
    };
  }

  async markViewed(userId: string, body: { username?: string; activityIds: string[] }): Promise<number> {
    await this.checkUsername(userId, body.username);
    const ids = [...new Set(body.activityIds)];
    if (!ids.length) return 0;
    if (ids.some((id) => !UUID.test(id)) || (await this.repository.countExisting(ids)) !== ids.length)
      throw new AppError(ErrorCode.ACTIVITY_INVALID_INPUT, { details: { activityIds: ids } });
    return this.repository.markViewed(userId, ids);
  }
}
