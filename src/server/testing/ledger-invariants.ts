// The ledger's invariants, checked against the database itself (docs/credits.md):
//   for every account: SUM(credit_transactions.amount) = total + bonus − used = available + held,
//   available ≥ 0, held = SUM(credit_holds.amount), and the newest row's balanceAfter is that sum.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

export interface LedgerViolation {
  userId: string;
  problem: string;
}

interface Row {
  user_id: string;
  total: number;
  bonus: number;
  used: number;
  held: number;
  tx_sum: number;
  hold_sum: number;
  last_balance: number | null;
  tx_count: number;
}

export async function ledgerViolations(db: DbOrTx): Promise<LedgerViolation[]> {
  const result = (await db.execute(sql`
    SELECT uc.user_id,
           uc.total_credits AS total, uc.bonus_credits AS bonus, uc.used_credits AS used, uc.held_credits AS held,
           COALESCE((SELECT sum(t.amount) FROM credit_transactions t WHERE t.user_id = uc.user_id), 0)::int AS tx_sum,
           (SELECT count(*) FROM credit_transactions t WHERE t.user_id = uc.user_id)::int AS tx_count,
           COALESCE((SELECT sum(h.amount) FROM credit_holds h WHERE h.user_id = uc.user_id), 0)::int AS hold_sum,
           (SELECT t.balance_after FROM credit_transactions t WHERE t.user_id = uc.user_id
             ORDER BY t.created_at DESC, t.id DESC LIMIT 1) AS last_balance
    FROM user_credits uc`)) as unknown as { rows: Row[] };
  const out: LedgerViolation[] = [];
  for (const r of result.rows) {
    const balance = r.total + r.bonus - r.used;
    const available = balance - r.held;
    if (r.tx_sum !== balance)
      out.push({ userId: r.user_id, problem: `SUM(amount)=${r.tx_sum} but total+bonus-used=${balance}` });
    if (available < 0) out.push({ userId: r.user_id, problem: `available ${available} < 0` });
    if (r.held !== r.hold_sum)
      out.push({ userId: r.user_id, problem: `held_credits ${r.held} but holds sum to ${r.hold_sum}` });
    if (r.held < 0 || r.total < 0 || r.bonus < 0 || r.used < 0)
      out.push({ userId: r.user_id, problem: "a negative column" });
    if (r.tx_count > 0 && r.last_balance !== balance)
      out.push({ userId: r.user_id, problem: `newest balanceAfter ${r.last_balance} but balance ${balance}` });
  }
  const orphans = (await db.execute(sql`
    SELECT DISTINCT t.user_id FROM credit_transactions t
    LEFT JOIN user_credits uc ON uc.user_id = t.user_id WHERE uc.user_id IS NULL`)) as unknown as {
    rows: Array<{ user_id: string }>;
  };
  for (const o of orphans.rows) out.push({ userId: o.user_id, problem: "transactions without an account" });
  return out;
}

/** Throws with every violation listed; call after each test. */
export async function assertLedgerInvariants(db: DbOrTx): Promise<void> {
  const violations = await ledgerViolations(db);
  if (violations.length)
    throw new Error(`ledger invariants broken:\n${violations.map((v) => `  ${v.userId}: ${v.problem}`).join("\n")}`);
}
