import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config.js';
import { repoPaths } from '../../core/paths.js';
import { APP_CONFIG, LOGGER } from '../../core/tokens.js';
import { hashContentTree, readContentTree } from './content-files.js';
import { ContentCache } from './content-cache.js';
import { ContentRepository } from './content.repository.js';

/**
 * Loads content/ into the database when the tree changed (by hash): at start, and before the
 * first content read of a process that skipped it (tests). Idempotent and safe across processes.
 */
@Injectable()
export class ContentLoaderService implements OnApplicationBootstrap {
  private loading?: Promise<void>;
  /** The folder loaded; tests point it at fixtures. */
  static contentRoot = repoPaths.content;

  constructor(
    private readonly repository: ContentRepository,
    private readonly cache: ContentCache,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // The app loads at start; the worker never reads content; test apps load lazily, so suites
    // that never read content pay nothing.
    if (this.adapterHost.httpAdapter && this.config.NODE_ENV !== 'test') await this.ensureLoaded();
  }

  ensureLoaded(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const root = ContentLoaderService.contentRoot;
    const started = Date.now();
    const hash = await hashContentTree(root);
    if ((await this.repository.loadedTreeHash()) === hash) return;
    const tree = await readContentTree(root);
    for (const warning of tree.warnings) this.logger.warn({ warning }, 'content');
    const loaded = await this.repository.replaceFileContent(tree);
    this.cache.clear();
    if (loaded) this.logger.info({ entries: tree.entries.length, ms: Date.now() - started }, 'content loaded from content/');
  }
}
