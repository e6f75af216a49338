import 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    databaseAdminUrl: string;
    databaseTemplate: string;
    redisUrl: string | null;
  }
}
