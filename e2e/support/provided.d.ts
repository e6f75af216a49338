import 'vitest';

declare module 'vitest' {
  interface ProvidedContext {
    chromiumPath: string | null;
    /** The full browser, for a test of a browser setting the headless shell does not have. */
    fullChromiumPath: string | null;
  }
}
