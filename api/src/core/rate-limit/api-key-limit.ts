import type { Response } from 'express';
import type { Allowance, Limit } from './rate-limiter.service.js';

/** The per-key limit: API_KEY_RATE_LIMIT calls a minute, counted per user (a user has one key). */
export function apiKeyLimit(userId: string, perMinute: number): Limit {
  return { key: `api-key:${userId}`, max: perMinute, windowMs: 60_000 };
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers):
 * `RateLimit-Policy: "api-key";q=600;w=60` and `RateLimit: "api-key";r=599;t=42`.
 */
export function setRateLimitHeaders(response: Response, allowance: Allowance): void {
  response.setHeader('RateLimit-Policy', `"api-key";q=${allowance.limit};w=${allowance.windowSeconds}`);
  response.setHeader('RateLimit', `"api-key";r=${allowance.remaining};t=${allowance.resetSeconds}`);
}
