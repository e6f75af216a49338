import 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    databaseAdminUrl: string;
    databaseTemplate: string;
    /** The names of this run's databases start with it; they are dropped when the run ends. */
    databasePrefix: string;
    redisUrl: string | null;
  }
}
