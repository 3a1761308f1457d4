// Usage rows as the tests look them up: by request id, by user or by endpoint.
import { and, eq, type SQL } from "drizzle-orm";
import { IS_USAGE, USAGE_COLUMNS } from "../credits/ledger-sql";
import type { DbOrTx } from "../db/client";
import { creditTransactions } from "../db/schema";

export function usageWhere(db: DbOrTx, where: SQL) {
  return db
    .select({ ...USAGE_COLUMNS, userId: creditTransactions.userId })
    .from(creditTransactions)
    .where(and(IS_USAGE, where));
}

export const usageOfRequest = (db: DbOrTx, requestId: string) =>
  usageWhere(db, eq(creditTransactions.requestId, requestId));
