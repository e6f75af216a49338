import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_EDITOR_PREFERENCES,
  editorPreferencesSchema,
  ErrorCode,
  type EditorPreferences,
} from '@loopwright/contracts';
import type { Logger } from 'pino';
import type { Caller } from '../../core/auth/caller.js';
import { AppError } from '../../core/errors/app-error.js';
import { LOGGER } from '../../core/tokens.js';
import { DiagramsService } from '../diagrams/diagrams.service.js';
import { LibraryRepository } from './library.repository.js';

/** Global Settings (editor preferences per user) and the diagram (file) token. */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly library: LibraryRepository,
    private readonly diagrams: DiagramsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(caller: Caller): Promise<EditorPreferences> {
    const row = await this.library.preferences(caller.userId);
    // Stored settings are merged over the defaults, so a preference added later has its default.
    const stored =
      row && typeof row.settings === 'object' && row.settings !== null && !Array.isArray(row.settings)
        ? row.settings
        : {};
    const parsed = editorPreferencesSchema.safeParse({ ...DEFAULT_EDITOR_PREFERENCES, ...stored });
    return parsed.success ? parsed.data : DEFAULT_EDITOR_PREFERENCES;
  }

  async save(caller: Caller, changes: Partial<EditorPreferences>): Promise<EditorPreferences> {
    const next = editorPreferencesSchema.parse({ ...(await this.get(caller)), ...changes });
    await this.library.savePreferences(caller.userId, next);
    return next;
  }

  async regenerateToken(fuid: string, caller: Caller): Promise<string> {
    try {
      return await this.diagrams.regenerateFileToken(fuid, caller);
    } catch (error) {
      // Access errors keep their own answer; anything else is the spec's text.
      if (error instanceof AppError) throw error;
      this.logger.error({ err: error, fuid }, 'file token not changed');
      throw new AppError(ErrorCode.DIAGRAM_TOKEN_NOT_CHANGED);
    }
  }
}
