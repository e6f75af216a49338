import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type CommunityDesigner, type CommunityDiagram } from '@loopwright/contracts';
import type { AppConfig } from '../../config/config.js';
import { AppError } from '../../core/errors/app-error.js';
import { APP_CONFIG } from '../../core/tokens.js';
import { CommunityRepository } from './community.repository.js';
import { CommunityService } from './community.service.js';

/** A file key from itself or from a community diagram URL (…/{name-slug}-{fuid}). */
export function fuidFrom(input: string): string | null {
  return input.trim().match(/(?:^|-)([A-Za-z0-9]{16})(?:[/?#].*)?$/)?.[1] ?? null;
}

type Featured = { usernames: string; fileKeys: string };
export type FeaturedJson = { body: Buffer; etag: string };
type KeptFeatured = { at: number; value: Promise<Featured>; json?: Promise<FeaturedJson> };

/**
 * Admins spotlight public diagrams and designers; the landing page and /wp-json/community/featured
 * show them. The featured answer is read on every landing page, so it is kept in memory: dropped at
 * once when a spotlight changes in this process, and re-read after PAGE_CACHE_SECONDS otherwise (a
 * change made by another app process, or a spotlighted diagram made private).
 */
@Injectable()
export class SpotlightService {
  private kept?: KeptFeatured;
  private readonly keepMs: number;

  constructor(
    private readonly repository: CommunityRepository,
    private readonly community: CommunityService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.keepMs = config.PAGE_CACHE_SECONDS * 1000;
  }

  async add(input: { fuid: string } | { username: string }, adminId: string): Promise<boolean> {
    if ('fuid' in input) {
      const fuid = fuidFrom(input.fuid);
      const diagram = fuid ? await this.repository.publicDiagram(fuid) : null;
      if (!diagram) throw new AppError(ErrorCode.COMMUNITY_SPOTLIGHT_NOT_FOUND);
      return this.changed(await this.repository.addSpotlight('diagram', diagram.id, adminId));
    }
    const designer = await this.repository.publicDesigner(input.username.replace(/^@/, ''));
    if (!designer) throw new AppError(ErrorCode.COMMUNITY_SPOTLIGHT_NOT_FOUND);
    return this.changed(await this.repository.addSpotlight('designer', designer.id, adminId));
  }

  async remove(kind: 'diagram' | 'designer', key: string): Promise<boolean> {
    return this.changed(await this.repository.removeSpotlight(kind, key));
  }

  /** The spec's featured answer: usernames and file keys, comma-separated (one read per PAGE_CACHE_SECONDS). */
  featured(): Promise<Featured> {
    return this.keptEntry().value;
  }

  /** The same answer as JSON bytes with their ETag, serialised once per read (the route served before Nest). */
  featuredJson(): Promise<FeaturedJson> {
    const entry = this.keptEntry();
    entry.json ??= entry.value.then((featured) => {
      const body = Buffer.from(JSON.stringify(featured));
      return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    });
    return entry.json;
  }

  private keptEntry(): KeptFeatured {
    const kept = this.kept;
    if (kept && Date.now() - kept.at < this.keepMs) return kept;
    const value = this.repository
      .featured()
      .then(({ fuids, usernames }) => ({ usernames: usernames.join(','), fileKeys: fuids.join(',') }));
    const entry: KeptFeatured = { at: Date.now(), value };
    if (this.keepMs > 0) this.kept = entry;
    // A failed read is not kept.
    value.catch(() => {
      if (this.kept === entry) this.kept = undefined;
    });
    return entry;
  }

  private changed(didChange: boolean): boolean {
    this.kept = undefined;
    return didChange;
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
