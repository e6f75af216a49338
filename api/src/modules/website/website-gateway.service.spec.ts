import { describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import { WebsiteGatewayService } from './website-gateway.service.js';

/**
 * website.md §8 (N10, N11): a community listing, post list or category failure gives an empty list,
 * total 0 — the page renders — while a "not found" stays a not-found. The services behind the
 * gateway are stand-ins that fail the way a lost database connection does.
 */
describe('the website gateway when a list fails', () => {
  const outage = () => Promise.reject(Object.assign(new Error('database unreachable'), { status: 503 }));
  const warnings: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
  const failing = new Proxy({}, { get: () => outage });
  const cache = { get: (_key: string, load: () => Promise<unknown>) => load() };
  /** The gateway over services that all fail, but for the blog when one is given. */
  const gatewayWith = (blog: object = failing) =>
    new WebsiteGatewayService(
      {} as never,
      failing as never,
      failing as never,
      blog as never,
      failing as never,
      cache as never,
      failing as never,
      failing as never,
      failing as never,
      failing as never,
      failing as never,
      logger,
    );
  const gateway = gatewayWith();
  const options = { diagramSort: 'appreciated', designerSort: 'active', page: 1, count: 16 } as const;

  it('shows the community pages with empty lists', async () => {
    await expect(gateway.communityList('diagrams', options)).resolves.toEqual({
      kind: 'diagrams',
      list: [],
      totalCount: 0,
    });
    await expect(gateway.communityList('designers', options)).resolves.toMatchObject({ list: [], totalCount: 0 });
    await expect(gateway.communityList('tags', options)).resolves.toMatchObject({ kind: 'tags', list: [] });
    const explore = await gateway.communityExplore();
    expect(explore.spotlightDiagrams).toEqual([]);
    expect(explore.designersForHire).toEqual([]);
    expect(explore.diagramTabs).toEqual({ newest: [], popular: [], ofTheMonth: [] });
    expect(explore.designerTabs).toEqual({ newest: [], popular: [], ofTheMonth: [] });
  });

  it('shows the blog with no posts, no categories and no spotlights, and logs each failure', async () => {
    warnings.length = 0;
    await expect(gateway.posts(10, 1)).resolves.toEqual({ posts: [], totalPosts: 0 });
    await expect(gateway.categories()).resolves.toEqual([]);
    await expect(gateway.blogSpotlights(3)).resolves.toEqual([]);
    expect(warnings).toHaveLength(3);
  });

  it('keeps a not-found a not-found', async () => {
    const missing = Object.assign(new Error('no such category'), { status: 404 });
    const blog = { posts: () => Promise.reject(missing), categories: () => Promise.reject(missing) };
    const strict = gatewayWith(blog);
    await expect(strict.posts(10, 1, 'nope')).rejects.toBe(missing);
  });
});
