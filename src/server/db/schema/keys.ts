// API keys (issue 28): only the SHA-256 of a key is stored, with its first characters to show.
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The first characters of the key ("dsk_Ab12cD34"), shown in the list. */
    prefix: text("prefix").notNull(),
    /** hex SHA-256 of the whole key: the key itself is never stored. */
    hash: text("hash").notNull().unique(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** Set on revoke; the row stays so usage rows keep the key's name. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_keys_user_idx").on(t.userId).where(sql`${t.revokedAt} IS NULL`)],
);
