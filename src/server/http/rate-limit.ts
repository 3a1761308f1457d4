// Fixed-window counters in the database, so every app process sees the same counts.
import { inArray, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { tooManyRequests } from "../errors";
import type { SignedInEnv } from "./types";

export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Current count inside the window (0 when the window has passed). */
  async count(key: string, windowSeconds: number): Promise<number> {
    const rows = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(
        sql`${rateLimits.key} = ${key} AND ${rateLimits.windowStart} > now() - make_interval(secs => ${windowSeconds})`,
      );
    return rows[0]?.count ?? 0;
  }

  /** Adds one in a single statement and returns the new count; an expired window starts over. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
    const rows = await this.db
      .insert(rateLimits)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({ count: rateLimits.count });
    return rows[0]?.count ?? 1;
  }

  /**
   * Adds one to every key in a single statement (increment-then-check: concurrent callers each see
   * their own count, so none can slip past a limit) and returns each key's new count and the seconds
   * left in its window. Keys must be distinct.
   */
  async hitAll(
    keys: string[],
    windowSeconds: number,
  ): Promise<Map<string, { count: number; retryAfterSeconds: number }>> {
    const expired = sql`${rateLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
    const rows = await this.db
      .insert(rateLimits)
      .values(keys.map((key) => ({ key, count: 1 })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({
        key: rateLimits.key,
        count: rateLimits.count,
        retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now()))))::int`,
      });
    return new Map(rows.map((r) => [r.key, { count: r.count, retryAfterSeconds: Number(r.retryAfterSeconds) }]));
  }

  /** Takes one back from each key (never below zero): an attempt that turned out to be legitimate. */
  async forgive(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(inArray(rateLimits.key, keys));
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }
}

/**
 * Middleware behind requireUser: counts each request against the caller's `limits` under `name`
 * (increment-then-check, one statement) and answers 429 with Retry-After and `message` once over.
 */
export function limitPerUser(
  limiter: RateLimiter,
  name: string,
  limits: { limit: number; windowSeconds: number },
  message: (retryAfterSeconds: number) => string,
) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const key = `${name}:user:${c.get("user").id}`;
    const hit = (await limiter.hitAll([key], limits.windowSeconds)).get(key);
    if (hit && hit.count > limits.limit) throw tooManyRequests(message(hit.retryAfterSeconds), hit.retryAfterSeconds);
    await next();
  });
}
