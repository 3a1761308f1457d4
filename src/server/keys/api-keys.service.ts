// API keys (issue 28): created with a name, scopes and an optional expiry; the secret is returned
// once and only its SHA-256 is kept. Every key-authenticated request looks its key up in the
// database (no per-process cache), so a revoke holds on every process at once.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, not, or, sql } from "drizzle-orm";
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_PREFIX_LENGTH,
  API_KEYS_PER_USER,
  type ApiKeyInfo,
  type ApiKeyScope,
  type CreateApiKeyResponse,
} from "../../shared/api-keys";
import type { Db } from "../db/client";
import { apiKeys, users } from "../db/schema";
import { AppError } from "../errors";
import type { KeyCaller } from "../http/types";

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** last_used_at is written at most this often per key (one write a minute, not one per request). */
const LAST_USED_GRAIN_SECONDS = 60;

const live = () => and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)));

/** A banned owner's keys stop with their sessions (the admin plugin's ban), until the ban ends. */
const notBanned = or(not(sql`coalesce(${users.banned}, false)`), lt(users.banExpires, sql`now()`));

export class ApiKeysService {
  constructor(private readonly db: Db) {}

  async create(
    userId: string,
    input: { name: string; scopes: ApiKeyScope[]; expiresInDays?: number },
  ): Promise<CreateApiKeyResponse> {
    const [{ n } = { n: 0 }] = await this.db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), live()));
    if (n >= API_KEYS_PER_USER)
      throw new AppError("CONFLICT", `You have ${API_KEYS_PER_USER} API keys already: revoke one first.`);
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    const prefix = key.slice(0, API_KEY_SHOWN_PREFIX_LENGTH);
    const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
    const id = randomUUID();
    await this.db
      .insert(apiKeys)
      .values({ id, userId, name: input.name, prefix, hash: hashApiKey(key), scopes: input.scopes, expiresAt });
    return { id, key, prefix, scopes: input.scopes, expiresAt: expiresAt?.toISOString() ?? null };
  }

  async list(userId: string): Promise<ApiKeyInfo[]> {
    const rows = await this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), live()))
      .orderBy(desc(apiKeys.createdAt));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      scopes: r.scopes as ApiKeyScope[],
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt?.toISOString() ?? null,
    }));
  }

  /** Every key the user made, revoked ones too, for the data export: never a hash, never a secret. */
  async exportAll(userId: string) {
    return this.db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(apiKeys.createdAt);
  }

  /** Revokes the caller's own key; another user's id, or one revoked already, is a 404. */
  async revoke(userId: string, id: string): Promise<void> {
    const done = await this.db
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (done.length === 0) throw new AppError("NOT_FOUND", "No such API key.");
  }

  /** The live key `secret` belongs to, with its owner, or null (unknown, revoked, expired, owner deleted). */
  async resolve(secret: string): Promise<KeyCaller | null> {
    const [row] = await this.db
      .select({
        id: apiKeys.id,
        scopes: apiKeys.scopes,
        stale: sql<boolean>`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_GRAIN_SECONDS}))`,
        user: {
          id: users.id,
          email: users.email,
          username: users.username,
          name: users.name,
          role: users.role,
          image: users.image,
          emailVerified: users.emailVerified,
        },
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.hash, hashApiKey(secret)), live(), isNull(users.deletedAt), notBanned));
    if (!row) return null;
    if (row.stale) await this.db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.id));
    const u = row.user;
    return {
      id: row.id,
      scopes: row.scopes as ApiKeyScope[],
      user: { ...u, role: u.role || "user", emailVerified: u.emailVerified === true },
    };
  }
}
