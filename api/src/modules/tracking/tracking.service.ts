import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConsentRules, trackingMessageSchema, type TrackingMessage } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { TrackingRepository } from './tracking.repository.js';

export interface TrackingRequest {
  body: { messages?: unknown[]; message?: string };
  cookies: Record<string, string | undefined>;
  signedInUserId: string | null;
}

/** True when the visitor's saved consent (mirrored in the lw_consent cookie) allows analytics. */
export function analyticsConsented(cookie: string | undefined): boolean {
  return (cookie ?? '').split(',').some((part) => part.trim() === 'analytics:1');
}

/** The anonymous id to use: the stored one, or a fresh one when missing or a different user signed in. */
export function resolveAnonymousId(
  stored: string | undefined,
  storedUserId: string | undefined,
  signedInUserId: string | null,
): { anonymousId: string; changed: boolean } {
  const differentUser = Boolean(signedInUserId && storedUserId && storedUserId !== signedInUserId);
  if (stored && /^[\w-]{8,100}$/.test(stored) && !differentUser) return { anonymousId: stored, changed: false };
  return { anonymousId: randomUUID(), changed: true };
}

@Injectable()
export class TrackingService {
  constructor(private readonly repository: TrackingRepository) {}

  private parse(body: TrackingRequest['body']): TrackingMessage[] {
    let list: unknown = body.messages;
    if (list === undefined && typeof body.message === 'string') {
      try {
        list = JSON.parse(decodeURIComponent(body.message));
      } catch {
        throw AppError.validation(
          { fields: [{ field: 'message', message: 'message is not URL-encoded JSON' }] },
          'message is not URL-encoded JSON',
        );
      }
    }
    if (!Array.isArray(list))
      throw AppError.validation(
        { fields: [{ field: 'messages', message: 'Expected a list of messages' }] },
        'Expected a list of messages',
      );
    const parsed = list.slice(0, 100).map((m) => trackingMessageSchema.safeParse(m));
    const problems = parsed.flatMap((p, i) =>
      p.success
        ? []
        : p.error.issues.map((issue) => ({ field: `messages.${i}.${issue.path.join('.')}`, message: issue.message })),
    );
    if (problems.length) throw AppError.validation({ fields: problems }, problems[0].message);
    return parsed.map((p) => p.data!);
  }

  /** Stores the messages when analytics is consented; says which anonymous id the visitor now has. */
  async accept(request: TrackingRequest): Promise<{ stored: number; anonymousId: string; setAnonymousId: boolean }> {
    const messages = this.parse(request.body);
    const { anonymousId, changed } = resolveAnonymousId(
      request.cookies.lw_anonymous_id,
      request.cookies.lw_user_id,
      request.signedInUserId,
    );
    if (!analyticsConsented(request.cookies[ConsentRules.cookie]))
      return { stored: 0, anonymousId: '', setAnonymousId: false };
    const stored = await this.repository.store(messages, { anonymousId, userId: request.signedInUserId });
    return { stored, anonymousId, setAnonymousId: changed };
  }
}
