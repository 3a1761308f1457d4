// The check on /api/* that reads `Authorization: Bearer dsk_…` (issue 28): the key is looked up in
// the database on every request (revoked or expired: 401 at once, on every process) and counted
// against its own rate limit (429 with Retry-After). What the key may reach is each route's own
// declaration (http/middleware.ts requireCaller).
import { API_KEY_PREFIX } from "../../shared/api-keys";
import { countOf } from "../../shared/plural";
import { AppError, tooManyRequests } from "../errors";
import type { Check } from "../http/middleware";
import type { RateLimiter } from "../http/rate-limit";
import type { ApiKeysService } from "./api-keys.service";

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** The API key in an Authorization header, or null (no header, or a session token). */
function apiKeyOf(authorization: string | undefined): string | null {
  const token = authorization?.match(BEARER)?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

export const keyCaller =
  (keys: ApiKeysService, limiter: RateLimiter, perMinute: number): Check =>
  async (c) => {
    const secret = apiKeyOf(c.req.header("authorization"));
    if (!secret) return;
    const caller = await keys.resolve(secret);
    if (!caller)
      throw new AppError("INVALID_API_KEY", "This API key is not valid: it may have been revoked or have expired.");
    const limitKey = `apikey:${caller.id}`;
    const hit = (await limiter.hitAll([limitKey], 60)).get(limitKey);
    if (hit && hit.count > perMinute)
      throw tooManyRequests(
        `Too many requests with this API key: try again in ${countOf(hit.retryAfterSeconds, "second")}.`,
        hit.retryAfterSeconds,
      );
    c.set("apiKey", caller);
  };
