// Database errors as PostgreSQL names them (SQLSTATE), read the same on node-postgres and PGlite.

/** SQLSTATE 23505: a unique constraint refused the row. */
export const UNIQUE_VIOLATION = "23505";

/** The SQLSTATE of a database error, through Drizzle's wrapping (DrizzleQueryError.cause). */
export function pgErrorCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  )
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}
