import type { Request } from 'express';
import type { Caller } from './caller.js';

/** Turns a request's credentials (session cookie, API key) into a caller; provided by the auth module. */
export abstract class IdentityResolver {
  abstract resolve(request: Request): Promise<Caller | null>;
  /** True when the request carries one of our session cookies (writes then need X-Client-Id). */
  abstract hasSessionCookie(request: Request): boolean;
}
