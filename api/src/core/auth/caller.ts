import type { Request } from 'express';

/** Who is calling: a user through a browser session or through their API key. */
export interface Caller {
  userId: string;
  role: 'user' | 'admin';
  /** The session (refresh-token family) for browser callers; null for API keys. */
  sessionId: string | null;
  via: 'session' | 'api-key';
}

export type RequestWithCaller = Request & { caller?: Caller };
