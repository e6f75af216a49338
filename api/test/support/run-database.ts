import { inject } from 'vitest';
import { cloneTemplate } from './test-database.js';

/** A database of its own for a test, cloned from the migrated template; the run drops it when it ends. */
export function cloneRunDatabase(): Promise<{ url: string; name: string }> {
  return cloneTemplate(inject('databaseAdminUrl'), inject('databaseTemplate'), inject('databasePrefix'));
}
