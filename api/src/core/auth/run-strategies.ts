import passport, { type Strategy } from 'passport';
import type { Request, Response } from 'express';

export interface StrategyOutcome<U> {
  /** The authenticated principal, or null when every strategy failed (no credentials, wrong ones). */
  user: U | null;
  info: unknown;
}

/**
 * Runs passport strategy instances (tried in order) on one request, without sessions. Instances
 * rather than names: each application owns its strategies (tests run several apps in one process).
 * Passport attaches the request's success/fail callbacks to the object it is given, so each request
 * gets its own object on top of the shared strategy. An error a strategy raises (an AppError with
 * the user's text) rejects.
 */
export function runStrategies<U>(
  strategies: Strategy | Strategy[],
  request: Request,
  response: Response,
  options: Record<string, unknown> = {},
): Promise<StrategyOutcome<U>> {
  return new Promise((resolve, reject) => {
    const perRequest = (Array.isArray(strategies) ? strategies : [strategies]).map(
      (strategy) => Object.create(strategy) as Strategy,
    );
    const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
    type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => void;
    const middleware = passport.authenticate(
      perRequest as unknown as string[],
      { session: false, ...options },
      (error: unknown, user: U | false, info: unknown) => {
        if (error) fail(error);
        else resolve({ user: user || null, info });
      },
    ) as Middleware;
    middleware(request, response, (error?: unknown) =>
      error ? fail(error) : resolve({ user: null, info: undefined }),
    );
  });
}
