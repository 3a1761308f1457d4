// Fixed-window counters in the database, so every app process sees the same counts.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

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

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
  }
}
