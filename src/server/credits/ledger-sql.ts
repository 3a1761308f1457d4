// The ledger's SQL (credits/ledger.ts runs it): the balance formulas, the statements sent by name,
// and the reads of usage rows that the Usage tab, the data export and the tests share. Each is a
// statement PostgreSQL and PGlite both run as written.
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { apiKeys, creditTransactions, userCredits } from "../db/schema";

// The balance formulas, written once (the schema's CHECK constraint says the same). The ledger
// balance is SUM(credit_transactions.amount); the available balance leaves out what work in flight
// holds. Qualified by the table's own name, so they fit any statement that reads user_credits
// unaliased, joins included.
const BALANCE_SQL = "user_credits.total_credits + user_credits.bonus_credits - user_credits.used_credits";
export const LEDGER_BALANCE = sql.raw(`(${BALANCE_SQL})`);
/** Credits a user can spend now. */
export const AVAILABLE = sql.raw(`(${BALANCE_SQL} - user_credits.held_credits)`);

// Rows are stamped with the clock when written (after the account's row lock), not when their
// transaction began: so "newest first" by created_at is also the order the balance moved in.
export const NOW = sql`clock_timestamp()`;

/** Rows of a raw `execute` on either driver (node-postgres and PGlite both answer { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The account's balance row, its available credits from the ledger's expression (also the data export's). */
export function balanceQuery(tx: DbOrTx, userId: string) {
  return tx
    .select({
      totalCredits: userCredits.totalCredits,
      usedCredits: userCredits.usedCredits,
      bonusCredits: userCredits.bonusCredits,
      heldCredits: userCredits.heldCredits,
      availableCredits: sql<number>`${AVAILABLE}`.mapWith(Number),
    })
    .from(userCredits)
    .where(eq(userCredits.userId, userId));
}

/** The same SELECT as balanceQuery, written out for a prepared statement (columns in Balance's order). */
export const BALANCE_STATEMENT =
  "SELECT user_credits.total_credits, user_credits.used_credits, user_credits.bonus_credits, " +
  `user_credits.held_credits, (${BALANCE_SQL} - user_credits.held_credits) FROM user_credits WHERE user_credits.user_id = $1`;

/**
 * Ledger.spend's statement: charge a fixed price only if the available balance covers it, and from
 * the row it updated append the usage's ledger row. Sent by name, so PostgreSQL parses and plans it
 * once per connection (a third of the statement's cost when planned every time).
 */
const SPEND_SQL = `
  WITH charged AS (
    UPDATE user_credits
    SET used_credits = used_credits + $2::int, updated_at = now()
    WHERE user_id = $1::text AND (${BALANCE_SQL} - user_credits.held_credits) >= $2::int
    RETURNING (${BALANCE_SQL} - user_credits.held_credits)::int AS available, (${BALANCE_SQL})::int AS balance
  ), appended AS (
    INSERT INTO credit_transactions (user_id, type, amount, balance_after, endpoint, ai_provider, request_id, api_key_id, created_at)
    SELECT $1::text, 'usage', 0 - $2::int, charged.balance, $3::text, $4::text, $5::text, $6::text, clock_timestamp() FROM charged
    RETURNING id
  )
  SELECT available FROM charged`;

/** A statement sent by `name` (parsed and planned once per connection), its parameters by name. */
const namedStatement = (on: DbOrTx, name: string, text: string, params: string[]) =>
  on._.session.prepareQuery({ sql: text, params: params.map((p) => sql.placeholder(p)) }, undefined, name, false);

export const spendStatement = (on: DbOrTx) =>
  namedStatement(on, "ledger_spend", SPEND_SQL, ["userId", "price", "endpoint", "aiProvider", "requestId", "apiKeyId"]);

/**
 * The same spend for several users at once (credits/spend-batch.ts): each row of the input charged
 * under the same condition as SPEND_SQL, and a usage row appended for each one charged. The input is
 * six arrays of the same length, one spend per index, each user at most once (one conditional
 * UPDATE changes a row once). Answers the request id and available balance of each spend charged.
 */
const SPEND_MANY_SQL = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
      AS i(user_id, price, endpoint, ai_provider, request_id, api_key_id)
  ), charged AS (
    UPDATE user_credits
    SET used_credits = used_credits + input.price, updated_at = now()
    FROM input
    WHERE user_credits.user_id = input.user_id AND (${BALANCE_SQL} - user_credits.held_credits) >= input.price
    RETURNING input.user_id, input.price, input.endpoint, input.ai_provider, input.request_id, input.api_key_id,
      (${BALANCE_SQL} - user_credits.held_credits)::int AS available, (${BALANCE_SQL})::int AS balance
  ), appended AS (
    INSERT INTO credit_transactions (user_id, type, amount, balance_after, endpoint, ai_provider, request_id, api_key_id, created_at)
    SELECT user_id, 'usage', 0 - price, balance, endpoint, ai_provider, request_id, api_key_id, clock_timestamp() FROM charged
    RETURNING id
  )
  SELECT request_id, available FROM charged`;

export const spendManyStatement = (on: DbOrTx) =>
  namedStatement(on, "ledger_spend_many", SPEND_MANY_SQL, [
    "userIds",
    "prices",
    "endpoints",
    "aiProviders",
    "requestIds",
    "apiKeyIds",
  ]);

/** Leaves out usage rows that charged nothing (free work): kept for the Usage tab, they moved no balance. */
export const MOVED_BALANCE = sql`NOT (${creditTransactions.type} = 'usage' AND ${creditTransactions.amount} = 0)`;

/** A usage row (settled AI work) read as the Usage tab, the data export and the tests see it. */
export const USAGE_COLUMNS = {
  id: creditTransactions.id,
  endpoint: sql<string>`coalesce(${creditTransactions.endpoint}, '')`,
  aiProvider: creditTransactions.aiProvider,
  creditsUsed: sql<number>`(0 - ${creditTransactions.amount})`.mapWith(Number),
  requestTokens: creditTransactions.requestTokens,
  responseTokens: creditTransactions.responseTokens,
  shortfall: creditTransactions.shortfall,
  requestId: sql<string>`coalesce(${creditTransactions.requestId}, '')`,
  createdAt: creditTransactions.createdAt,
};

/** The ledger rows that are usage rows. */
export const IS_USAGE = and(eq(creditTransactions.type, "usage"), isNotNull(creditTransactions.requestId));

/** A user's usage rows, oldest or newest first, with the API key that spent each (null: the app). */
export function usageRows(db: DbOrTx, userId: string, order: "asc" | "desc") {
  const by = order === "asc" ? asc : desc;
  return db
    .select({ ...USAGE_COLUMNS, apiKeyId: creditTransactions.apiKeyId, apiKey: apiKeys.name })
    .from(creditTransactions)
    .leftJoin(apiKeys, eq(apiKeys.id, creditTransactions.apiKeyId))
    .where(and(eq(creditTransactions.userId, userId), IS_USAGE))
    .orderBy(by(creditTransactions.createdAt), by(creditTransactions.id));
}
