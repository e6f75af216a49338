import type { Request } from 'express';

/** Where a request comes from, for rate limits and the sessions list. */
export function clientInfo(request: Request): { ip: string; userAgent?: string } {
  return {
    ip: request.ip ?? request.socket.remoteAddress ?? 'unknown',
    userAgent: request.header('user-agent') ?? undefined,
  };
}
