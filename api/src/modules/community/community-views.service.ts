import { Injectable } from '@nestjs/common';
import { TrackingRules } from '@loopwright/contracts';
import { isbot } from 'isbot';
import { sha256 } from '../../core/crypto/tokens.js';
import { DiagramCountersService } from '../diagrams/diagram-counters.service.js';
import { UserFieldsService } from '../users/user-fields.service.js';
import { CommunityRepository } from './community.repository.js';

export interface Visitor {
  userId: string | null;
  anonymousId: string | null;
  userAgent: string | null;
  ip: string | null;
}

const cookieValue = (cookies: string | undefined, name: string) =>
  cookies?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1] ?? null;

/** Who is looking, from a request: the signed-in user, else the anonymous visitor id cookie, else address and browser. */
export function visitorOf(
  request: { headers: Record<string, string | string[] | undefined>; ip?: string },
  userId: string | null,
): Visitor {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  };
  return {
    userId,
    anonymousId: cookieValue(header('cookie') ?? undefined, TrackingRules.anonymousIdCookie),
    userAgent: header('user-agent'),
    ip: request.ip ?? null,
  };
}

/**
 * View counts: one per visitor per subject per UTC day (the counter on the diagram or user row rises
 * in the transaction that records a new view), never the owner's own views, never a bot's
 * (isbot on the user agent; a request without one counts as a bot).
 */
@Injectable()
export class CommunityViewsService {
  constructor(
    private readonly repository: CommunityRepository,
    private readonly diagramCounters: DiagramCountersService,
    private readonly userFields: UserFieldsService,
  ) {}

  static visitorKey(visitor: Visitor): string | null {
    if (!visitor.userAgent || isbot(visitor.userAgent)) return null;
    if (visitor.userId) return `u:${visitor.userId}`;
    if (visitor.anonymousId && /^[\w-]{8,80}$/.test(visitor.anonymousId)) return `a:${visitor.anonymousId}`;
    return `h:${sha256(`${visitor.ip ?? ''}|${visitor.userAgent}`).slice(0, 32)}`;
  }

  async diagramViewed(fuid: string, visitor: Visitor, now = new Date()): Promise<boolean> {
    const key = CommunityViewsService.visitorKey(visitor);
    if (!key) return false;
    const diagram = /^[A-Za-z0-9]{16}$/.test(fuid) ? await this.repository.publicDiagram(fuid) : null;
    if (!diagram || diagram.owner_id === visitor.userId) return false;
    return this.repository.transaction(async (tx) => {
      if (!(await this.repository.recordView('diagram', diagram.id, key, now.toISOString().slice(0, 10), tx)))
        return false;
      await this.diagramCounters.add(diagram.id, { viewCount: 1 }, tx);
      return true;
    });
  }

  async profileViewed(username: string, visitor: Visitor, now = new Date()): Promise<boolean> {
    const key = CommunityViewsService.visitorKey(visitor);
    if (!key) return false;
    const designer = await this.repository.publicDesigner(username);
    if (!designer || designer.id === visitor.userId) return false;
    return this.repository.transaction(async (tx) => {
      if (!(await this.repository.recordView('designer', designer.id, key, now.toISOString().slice(0, 10), tx)))
        return false;
      await this.userFields.addToCounters(designer.id, { viewCount: 1 }, tx);
      return true;
    });
  }
}
