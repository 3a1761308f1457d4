// The account's own page: its sessions, a download of everything it holds, and deleting it.
//
// Export: a list of sections, each collecting one kind of the user's data. Features that add data
// (documents, publishing connections) add a section to ACCOUNT_EXPORT_SECTIONS or pass their own.
//
// Deletion keeps the books straight. The ledger's rows (balance, transactions, holds, usage and
// campaign receipts) are first moved to a placeholder user with no name, address, password or
// session, so every sum an administrator reads stays the same; then the user's row is deleted and
// the database's ON DELETE CASCADE removes what is theirs alone: sessions, sign-in accounts, history,
// and any table added later that references users with ON DELETE CASCADE (documents, connections).

import { randomBytes } from "node:crypto";
import Bowser from "bowser";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { AccountSession } from "../../shared/account";
import type { AddressHasher } from "../credits/address-hash";
import { balanceQuery, MOVED_BALANCE, usageRows } from "../credits/ledger-sql";
import type { Db, DbOrTx } from "../db/client";
import {
  accounts,
  apiRequests,
  bonusCreditRecipients,
  creditHolds,
  creditTransactions,
  sessions,
  userCredits,
  users,
  verifications,
} from "../db/schema";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { accountDeletedMessage } from "../mail/templates";

export const ACCOUNT_DELETE_MESSAGES = {
  confirmMismatch: "Type your e-mail address exactly as shown to confirm.",
  passwordMissing: "Enter your password to delete your account.",
  passwordWrong: "That password is not correct. Your account was not deleted.",
  signInAgain: "For your safety, sign in again, then delete your account within 10 minutes.",
  lastAdmin:
    "You are the only administrator. Make another account an administrator first (npm run admin -- promote <email>).",
} as const;

/** The ledger's tables (each with a `user_id`): rows move to the placeholder on deletion, never deleted. */
export const LEDGER_TABLES: PgTable[] = [userCredits, creditTransactions, creditHolds, bonusCreditRecipients];

export interface ExportSection {
  /** The key in the exported JSON. */
  name: string;
  collect(db: DbOrTx, userId: string): Promise<unknown>;
}

/** Metadata written by others (an administrator's id and address) stays out of a user's export. */
const ownMetadata = (metadata: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(metadata).filter(([k]) => !/admin/i.test(k)));

export const ACCOUNT_EXPORT_SECTIONS: ExportSection[] = [
  {
    name: "profile",
    async collect(db, userId) {
      const [u] = await db
        .select({
          id: users.id,
          email: users.email,
          emailVerified: users.emailVerified,
          username: users.username,
          name: users.name,
          image: users.image,
          role: users.role,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      // How the account signs in; never a password hash or a provider's tokens.
      const signIn = await db
        .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
        .from(accounts)
        .where(eq(accounts.userId, userId))
        .orderBy(asc(accounts.createdAt));
      return { ...u, signInMethods: signIn };
    },
  },
  {
    name: "credits",
    async collect(db, userId) {
      const [c] = await balanceQuery(db, userId);
      if (!c) return null;
      const { totalCredits: totalPurchased, bonusCredits, usedCredits, heldCredits, availableCredits } = c;
      return { totalPurchased, bonusCredits, usedCredits, heldCredits, availableCredits };
    },
  },
  {
    name: "history",
    async collect(db, userId) {
      const rows = await db
        .select()
        .from(apiRequests)
        .where(eq(apiRequests.userId, userId))
        .orderBy(asc(apiRequests.createdAt), asc(apiRequests.id));
      return rows.map(({ userId: _, ...r }) => r);
    },
  },
  {
    name: "transactions",
    async collect(db, userId) {
      const rows = await db
        .select()
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, userId), MOVED_BALANCE))
        .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id));
      return rows.map(({ userId: _, metadata, ...r }) => ({ ...r, metadata: ownMetadata(metadata) }));
    },
  },
  {
    name: "usage",
    async collect(db, userId) {
      return usageRows(db, userId, "asc");
    },
  },
  {
    name: "sessions",
    async collect(db, userId) {
      const rows = await db
        .select({
          createdAt: sessions.createdAt,
          lastActiveAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.updatedAt));
      return rows;
    },
  },
];

/** "Chrome 126", "macOS", "desktop" from a User-Agent; "Unknown browser" when there is none. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string;
  os: string;
  device: string;
} {
  if (!userAgent) return { browser: "Unknown browser", os: "Unknown system", device: "unknown" };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  return {
    browser: parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ""}` : "Unknown browser",
    os: parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ""}`
      : "Unknown system",
    device: parsed.platform.type ?? "unknown",
  };
}

export class AccountService {
  constructor(
    private readonly deps: {
      db: Db;
      mailer: Mailer;
      logger: Logger;
      /** Campaign recipients' address hash (credits/address-hash.ts), kept when the account goes. */
      hashAddress: AddressHasher;
      exportSections?: ExportSection[];
    },
  ) {}

  async sessions(userId: string, currentSessionId: string | undefined): Promise<AccountSession[]> {
    const rows = await this.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
      .orderBy(desc(sessions.updatedAt));
    return rows.map((s) => ({
      id: s.id,
      current: s.id === currentSessionId,
      ...describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress || null,
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.updatedAt.toISOString(),
    }));
  }

  /** Ends one of the user's sessions; false when it is not theirs (or already gone). */
  async revokeSession(userId: string, sessionId: string): Promise<boolean> {
    const gone = await this.deps.db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return gone.length > 0;
  }

  /** Ends every session of the user, this one included ("sign out everywhere"). */
  async revokeAllSessions(userId: string): Promise<number> {
    const gone = await this.deps.db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return gone.length;
  }

  /** Everything the account holds, one key per section. */
  async export(userId: string): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {
      format: "draftsmith-account-export/1",
      exportedAt: new Date().toISOString(),
    };
    for (const section of this.deps.exportSections ?? ACCOUNT_EXPORT_SECTIONS)
      out[section.name] = await section.collect(this.deps.db, userId);
    return out;
  }

  /**
   * Deletes the account once `confirmEmail` matches its address (any case). Refused while the user
   * is the last administrator. Sends a final e-mail after the deletion has committed.
   */
  async delete(userId: string, confirmEmail: string): Promise<void> {
    const { db, logger, mailer, hashAddress } = this.deps;
    const [user] = await db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    if (!user) throw new AppError("NOT_FOUND", "This account no longer exists.");
    if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase())
      throw new AppError("VALIDATION", ACCOUNT_DELETE_MESSAGES.confirmMismatch);

    const placeholder = `deleted_${randomBytes(12).toString("hex")}`;
    await db.transaction(async (tx) => {
      if (user.role === "admin") {
        // Every admin row locked, in one order: two admins deleting themselves at once queue here,
        // and the second sees the first gone.
        const admins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, "admin"), isNull(users.deletedAt)))
          .orderBy(asc(users.id))
          .for("update");
        if (!admins.some((a) => a.id !== userId)) throw new AppError("CONFLICT", ACCOUNT_DELETE_MESSAGES.lastAdmin);
      }
      await tx.insert(users).values({
        id: placeholder,
        name: "Deleted account",
        email: `${placeholder}@deleted.invalid`,
        username: placeholder,
        emailVerified: false,
        role: "user",
        banned: true,
        banReason: "account deleted",
        deletedAt: new Date(),
      });
      // Campaigns it received stay received by its address (rows from before migration 0005 had no hash).
      const addressHash = hashAddress(user.email);
      await tx.execute(sql`
        UPDATE bonus_credit_recipients r SET address_hash = ${addressHash}
        WHERE r.user_id = ${userId} AND r.address_hash IS NULL
          AND NOT EXISTS (SELECT 1 FROM bonus_credit_recipients o
                          WHERE o.campaign_id = r.campaign_id AND o.address_hash = ${addressHash})`);
      for (const table of LEDGER_TABLES)
        await tx.execute(sql`UPDATE ${table} SET user_id = ${placeholder} WHERE user_id = ${userId}`);
      // Reset tokens name the user by id in `value`; they die with the account.
      await tx.delete(verifications).where(eq(verifications.value, userId));
      await tx.delete(users).where(eq(users.id, userId));
    });
    logger.info({ event: "account.deleted", userId, placeholder }, "account deleted; ledger kept anonymised");
    mailer.send(accountDeletedMessage(user.email));
  }
}
