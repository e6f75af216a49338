import { Injectable } from '@nestjs/common';

const TTL_MS = 10_000;

/**
 * Published content read by every page changes rarely: reads are kept in memory for 10 s per
 * process, and dropped at once when this process loads content/ or an admin edits an entry
 * (other app processes see the edit within the 10 s).
 */
@Injectable()
export class ContentCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { expires: now + TTL_MS, value });
    // A failure is not kept.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > 2_000) this.entries.clear();
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
