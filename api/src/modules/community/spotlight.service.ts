import { Injectable } from '@nestjs/common';
import { ErrorCode, type CommunityDesigner, type CommunityDiagram } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { CommunityRepository } from './community.repository.js';
import { CommunityService } from './community.service.js';

/** A file key from itself or from a community diagram URL (…/{name-slug}-{fuid}). */
export function fuidFrom(input: string): string | null {
  return input.trim().match(/(?:^|-)([A-Za-z0-9]{16})(?:[/?#].*)?$/)?.[1] ?? null;
}

/** Admins spotlight public diagrams and designers; the landing page and /wp-json/community/featured show them. */
@Injectable()
export class SpotlightService {
  constructor(
    private readonly repository: CommunityRepository,
    private readonly community: CommunityService,
  ) {}

  async add(input: { fuid: string } | { username: string }, adminId: string): Promise<boolean> {
    if ('fuid' in input) {
      const fuid = fuidFrom(input.fuid);
      const diagram = fuid ? await this.repository.publicDiagram(fuid) : null;
      if (!diagram) throw new AppError(ErrorCode.COMMUNITY_SPOTLIGHT_NOT_FOUND);
      return this.repository.addSpotlight('diagram', diagram.id, adminId);
    }
    const designer = await this.repository.publicDesigner(input.username.replace(/^@/, ''));
    if (!designer) throw new AppError(ErrorCode.COMMUNITY_SPOTLIGHT_NOT_FOUND);
    return this.repository.addSpotlight('designer', designer.id, adminId);
  }

  remove(kind: 'diagram' | 'designer', key: string): Promise<boolean> {
    return this.repository.removeSpotlight(kind, key);
  }

  /** The spec's featured answer: usernames and file keys, comma-separated. */
  async featured(): Promise<{ usernames: string; fileKeys: string }> {
    const { fuids, usernames } = await this.repository.featured();
    return { usernames: usernames.join(','), fileKeys: fuids.join(',') };
  }

  async list(viewerId: string | null): Promise<{ diagrams: CommunityDiagram[]; designers: CommunityDesigner[] }> {
    const [diagrams, designers] = await Promise.all([
      this.community.diagrams({
        viewerId,
        spotlightOnly: true,
        order: 'highlighted',
        direction: 'desc',
        page: 1,
        count: 100,
      }),
      this.community.designers({
        viewerId,
        spotlightOnly: true,
        order: 'highlighted',
        direction: 'desc',
        page: 1,
        count: 100,
      }),
    ]);
    return { diagrams: diagrams.list, designers: designers.list };
  }
}
