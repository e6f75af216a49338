import 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    chromiumPath: string | null;
  }
}
