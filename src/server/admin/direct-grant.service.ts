// Direct grants (spec §2, §4, §5): an admin finds users and grants them credits with a reason.
// Each user's grant is its own ledger transaction, so one failure never undoes another's credits.
import { and, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import {
  ADMIN_MESSAGES,
  type DirectGrantResponse,
  type DirectGrantResult,
  type GrantHistoryEntry,
  type SearchableUser,
} from "../../shared/admin";
import { countOf, creditCount } from "../../shared/plural";
import type { Ledger } from "../credits/ledger";
import { AVAILABLE } from "../credits/ledger-sql";
import type { Db } from "../db/client";
import { creditTransactions, userCredits, users } from "../db/schema";
import type { Logger } from "../logger";

export const SEARCH_LIMIT = 20;

/** Escapes LIKE's wildcards so a search for "a_b" finds "a_b", not "axb". */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export class DirectGrantService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly logger: Logger,
  ) {}

  async search(query: string): Promise<SearchableUser[]> {
    const pattern = `%${likeEscape(query.trim())}%`;
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        currentCredits: sql<number>`COALESCE(${AVAILABLE}, 0)`.mapWith(Number),
      })
      .from(users)
      .leftJoin(userCredits, eq(userCredits.userId, users.id))
      .where(and(isNull(users.deletedAt), or(ilike(users.email, pattern), ilike(users.username, pattern))))
      .orderBy(users.email)
      .limit(SEARCH_LIMIT);
    return rows;
  }

  async history(limit: number): Promise<GrantHistoryEntry[]> {
    const rows = await this.db
      .select({
        id: creditTransactions.id,
        userId: creditTransactions.userId,
        username: users.username,
        email: users.email,
        amount: creditTransactions.amount,
        metadata: creditTransactions.metadata,
        createdAt: creditTransactions.createdAt,
      })
      .from(creditTransactions)
      .innerJoin(users, eq(users.id, creditTransactions.userId))
      .where(eq(creditTransactions.type, "grant"))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      username: r.username,
      email: r.email,
      reason: typeof r.metadata?.reason === "string" ? r.metadata.reason : "",
      creditsGranted: r.amount,
      grantedAt: r.createdAt.toISOString(),
      grantedBy: typeof r.metadata?.adminEmail === "string" ? r.metadata.adminEmail : null,
    }));
  }

  async grant(input: {
    userIds: string[];
    creditAmount: number;
    reason: string;
    admin: { id: string; email: string };
  }): Promise<DirectGrantResponse> {
    const userIds = [...new Set(input.userIds)];
    const found = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds), isNull(users.deletedAt)));
    const known = new Set(found.map((u) => u.id));
    const results: DirectGrantResult[] = [];
    for (const userId of userIds) {
      if (!known.has(userId)) {
        results.push({ userId, success: false, error: ADMIN_MESSAGES.userNotFound });
        continue;
      }
      try {
        await this.ledger.grant({
          userId,
          amount: input.creditAmount,
          type: "grant",
          metadata: {
            reason: input.reason,
            adminId: input.admin.id,
            adminEmail: input.admin.email,
            description: `Granted by an administrator: ${input.reason}`,
          },
        });
        const { availableCredits } = await this.ledger.balance(userId);
        results.push({ userId, success: true, newBalance: availableCredits });
      } catch (err) {
        this.logger.error({ event: "admin.grant.failed", userId, err }, "grant failed");
        results.push({ userId, success: false, error: "Could not grant credits to this user" });
      }
    }
    const ok = results.filter((r) => r.success).length;
    const failed = results.length - ok;
    this.logger.info(
      { event: "admin.grant", adminId: input.admin.id, creditAmount: input.creditAmount, ok, failed },
      "direct grant",
    );
    const message =
      failed === 0
        ? `Granted ${creditCount(input.creditAmount)} to ${countOf(ok, "user")}`
        : `Granted ${creditCount(input.creditAmount)} to ${countOf(ok, "user")}; ${failed} could not receive credits`;
    return { success: ok > 0, message, results };
  }
}
