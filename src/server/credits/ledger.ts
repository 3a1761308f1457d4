// The ledger: the only code that changes a balance (DESIGN.md "Money and credits: the invariants",
// docs/credits.md). Every balance change is one database transaction that updates user_credits and
// appends one credit_transactions row; holds are reservations (credit_holds + held_credits) and
// append nothing. Settled AI work is a 'usage' row that also carries the usage (endpoint, provider,
// tokens, request id, shortfall), written even when it charged nothing (amount 0). So, for every
// user, always:
//   SUM(credit_transactions.amount) = total + bonus − used = available + held.
//
// Lock order: an existing hold's row, then the account's user_credits row, then the new
// credit_transactions row. A new hold is inserted after its account is locked; it can only meet a
// lock held by another writer if the same request id is held and settled at once (a caller bug,
// which PostgreSQL's deadlock detector then refuses).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction, UsageRecord } from "../../shared/billing";
import { creditsForTokens } from "../../shared/credits-math";
import { type Db, type DbOrTx, type PreparedSelect, preparedSelect, type Tx } from "../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../db/errors";
import { creditHolds, creditTransactions, userCredits } from "../db/schema";
import { AppError, insufficientCredits } from "../errors";
import {
  AVAILABLE,
  BALANCE_STATEMENT,
  balanceQuery,
  LEDGER_BALANCE,
  MOVED_BALANCE,
  NOW,
  rowsOf,
  spendManyStatement,
  spendStatement,
  usageRows,
} from "./ledger-sql";
import { SpendBatcher, type SpendValues } from "./spend-batch";
import { spendingKeyId } from "./spending-key";
import { describeTransaction, usageMetadata } from "./transaction-text";

export interface Balance {
  availableCredits: number;
  totalCredits: number;
  usedCredits: number;
  bonusCredits: number;
  heldCredits: number;
}

export const ZERO_BALANCE: Balance = {
  availableCredits: 0,
  totalCredits: 0,
  usedCredits: 0,
  bonusCredits: 0,
  heldCredits: 0,
};

/** Credits added: a purchase raises totalCredits ("Total Purchased"); bonus and grant raise bonusCredits. */
export type CreditGrantType = "purchase" | "bonus" | "grant";
/** Credits taken back: a Stripe refund, or a lost dispute (reversal). */
export type CreditReverseType = "refund" | "reversal";

export interface HoldInput {
  userId: string;
  /** Whole credits to reserve (≥ 0). */
  amount: number;
  /** The AI work's id: one hold, one settlement per id. */
  requestId: string;
  /** Defaults to the ledger's holdTtlSeconds. */
  ttlSeconds?: number;
}

export interface SettleInput {
  userId: string;
  requestId: string;
  endpoint: string;
  aiProvider: string | null;
  requestTokens: number;
  responseTokens: number;
  /** A fixed price (detection: 1 credit); otherwise creditsForTokens(requestTokens + responseTokens). */
  credits?: number;
}

export interface SettleResult<S = undefined> {
  /** Credits actually charged: the price, or less when the balance could not cover it. */
  creditsUsed: number;
  /** What the price called for but the balance could not cover (recorded, never charged). */
  shortfall: number;
  availableAfter: number;
  /** What `within` returned (undefined for a repeated settlement, whose work was saved the first time). */
  saved?: S;
}

/** Runs inside the settling transaction, after the charge: what the work produced is saved with it or not at all. */
export type WithinSettle<S> = (tx: Tx, charged: { creditsUsed: number }) => Promise<S>;

export interface SpendInput {
  userId: string;
  /** The work's id: credit_transactions.request_id, so one spend per id. */
  requestId: string;
  endpoint: string;
  aiProvider: string | null;
  /** The fixed price, whole credits (≥ 0): charged in full or not at all. */
  credits: number;
}

export interface GrantInput {
  userId: string;
  /** Whole credits to add (≥ 1). */
  amount: number;
  type: CreditGrantType;
  /** The reason: campaign id/name, admin id and reason, package, … Shown through `description`. */
  metadata?: Record<string, unknown>;
  stripeSessionId?: string | null;
  stripePaymentIntentId?: string | null;
  /** Run inside the caller's transaction (on PGlite a query on `db` inside a transaction deadlocks). */
  tx?: Tx;
}

export interface GrantResult {
  /** False when this Checkout Session was already fulfilled: nothing changed. */
  applied: boolean;
  transactionId: number | null;
  /** total + bonus − used after the change (the running sum of credit_transactions). */
  balanceAfter: number;
}

export interface ReverseInput {
  userId: string;
  /** Whole credits to take back (≥ 0). */
  amount: number;
  type: CreditReverseType;
  metadata?: Record<string, unknown>;
  stripePaymentIntentId?: string | null;
  tx?: Tx;
}

export interface ReverseResult {
  /** Credits taken back: never more than the available balance. */
  taken: number;
  /** Credits that could not be taken back (already spent or held). */
  notRecovered: number;
  transactionId: number;
  balanceAfter: number;
}

/** A ledger entry: what GET /api/billing/history shows of it, and the Stripe session it came from. */
export interface TransactionEntry extends Transaction {
  stripeSessionId: string | null;
}

/** A usage row: what GET /api/billing/usage shows of it, and what the ledger keeps beside. */
export interface UsageEntry extends UsageRecord {
  shortfall: number;
  requestId: string;
  /** The API key that spent the credits (null: the app). */
  apiKeyId: string | null;
}

export interface LedgerOptions {
  /** How long a hold lives before any process may release it (a crashed request loses nothing). */
  holdTtlSeconds: number;
  /** How fixed-price spends are committed together (spend-batch.ts): 2 lanes of 2 statements unless a test says otherwise. */
  spendBatching?: { lanes?: number; slots?: number };
}

/** Spends as the batch statement's six arrays, one spend per index. */
function columnsOf(batch: SpendValues[]) {
  return {
    userIds: batch.map((v) => v.userId),
    prices: batch.map((v) => v.price),
    endpoints: batch.map((v) => v.endpoint),
    aiProviders: batch.map((v) => v.aiProvider),
    requestIds: batch.map((v) => v.requestId),
    apiKeyIds: batch.map((v) => v.apiKeyId),
  };
}

function assertCredits(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be a whole number ≥ ${min} (got ${value})`);
}

/** How long, and for how many users, `Ledger.covers` trusts what a spend left (see there). */
const SPEND_MEMORY_MS = 5000;
const SPEND_MEMORY_ENTRIES = 10_000;

const clampLimit = (limit: number) => (Number.isFinite(limit) ? Math.min(Math.max(Math.trunc(limit), 1), 100) : 20);

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export class Ledger {
  readonly holdTtlSeconds: number;

  /** Fixed-price spends without a save, committed together under load (spend-batch.ts). */
  readonly spends: SpendBatcher;

  constructor(
    private readonly db: Db,
    opts: LedgerOptions = { holdTtlSeconds: 900 },
  ) {
    this.holdTtlSeconds = opts.holdTtlSeconds;
    this.spends = new SpendBatcher(
      {
        one: async (values) => {
          this.spendStatement ??= spendStatement(this.db);
          const [row] = rowsOf<{ available: number }>(await this.spendStatement.execute(values));
          return row ? { available: Number(row.available) } : null;
        },
        many: async (batch) => {
          this.spendManyStatement ??= spendManyStatement(this.db);
          const rows = rowsOf<{ request_id: string; available: number }>(
            await this.spendManyStatement.execute(columnsOf(batch)),
          );
          return new Map(rows.map((r) => [r.request_id, Number(r.available)]));
        },
      },
      opts.spendBatching,
    );
  }

  private balanceStatement?: PreparedSelect;
  private spendStatement?: ReturnType<typeof spendStatement>;
  private spendManyStatement?: ReturnType<typeof spendManyStatement>;
  /** What this process's last spend for a user left available, and until when `covers` may trust it. */
  private readonly leftBySpend = new Map<string, { available: number; until: number }>();

  /**
   * Whether the user's available balance covers `price`: Charges' check before fixed-price work, so
   * a broke caller is refused before any work is done. Advisory only — the spend re-checks in its
   * own statement, so a stale answer can cost wasted work, never credits. Answers from what this
   * process's last spend for the user left (younger than SPEND_MEMORY_MS, and no hold, settlement or
   * reversal of theirs here since) when that covers the price: the next detection of a user with
   * credits needs no read. Otherwise reads the balance (a purchase is seen at once).
   */
  async covers(userId: string, price: number): Promise<{ covered: boolean; available: number }> {
    const left = this.leftBySpend.get(userId);
    if (left && left.available >= price && left.until > Date.now()) return { covered: true, available: left.available };
    const { availableCredits } = await this.balance(userId);
    return { covered: availableCredits >= price, available: availableCredits };
  }

  private rememberSpend(userId: string, available: number): void {
    if (this.leftBySpend.size >= SPEND_MEMORY_ENTRIES) this.leftBySpend.clear();
    this.leftBySpend.set(userId, { available, until: Date.now() + SPEND_MEMORY_MS });
  }

  /** Runs `work` in the caller's transaction when given one, else in a new one. */
  private within<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
    return tx ? work(tx) : this.db.transaction(work);
  }

  /** Opens the user's credit account; a no-op when it exists. */
  async ensureAccount(userId: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.insert(userCredits).values({ userId }).onConflictDoNothing({ target: userCredits.userId });
  }

  async balance(userId: string, tx: DbOrTx = this.db): Promise<Balance> {
    // Outside a transaction (the hot GET /api/billing/credits): a named prepared statement, planned
    // once, rather than a query built and planned per request.
    if (tx !== this.db) return (await balanceQuery(tx, userId))[0] ?? ZERO_BALANCE;
    this.balanceStatement ??= preparedSelect(this.db, "ledger_balance", BALANCE_STATEMENT);
    const row = (await this.balanceStatement([userId]))[0];
    if (!row) return ZERO_BALANCE;
    return {
      totalCredits: Number(row[0]),
      usedCredits: Number(row[1]),
      bonusCredits: Number(row[2]),
      heldCredits: Number(row[3]),
      availableCredits: Number(row[4]),
    };
  }

  /**
   * Reserves `amount` credits for AI work before it starts. One statement, so one transaction: a
   * conditional UPDATE (held += amount WHERE available ≥ amount, and the request id was never
   * settled) feeding the credit_holds insert. Concurrent holds can never overdraw: each waits for
   * the account's row lock and re-checks the condition on the row as it then is.
   * Throws a 402 'Insufficient credits' AppError when the balance can't cover it, and a 409 when the
   * request id already holds credits or was already settled.
   */
  async hold({ userId, amount, requestId, ttlSeconds }: HoldInput): Promise<void> {
    assertCredits("amount", amount, 0);
    this.leftBySpend.delete(userId);
    const ttl = ttlSeconds ?? this.holdTtlSeconds;
    assertCredits("ttlSeconds", ttl, 1);
    let held: Array<{ id: number }>;
    try {
      held = rowsOf(
        await this.db.execute(sql`
          WITH reserved AS (
            UPDATE user_credits
            SET held_credits = held_credits + ${amount}, updated_at = now()
            WHERE user_id = ${userId}
              AND ${AVAILABLE} >= ${amount}
              AND NOT EXISTS (SELECT 1 FROM credit_transactions WHERE request_id = ${requestId})
            RETURNING user_id
          )
          INSERT INTO credit_holds (user_id, request_id, amount, expires_at)
          SELECT user_id, ${requestId}::text, ${amount}::int, now() + make_interval(secs => ${ttl}::int) FROM reserved
          RETURNING id`),
      );
    } catch (err) {
      // The unique request_id: the whole statement (the reservation too) was undone.
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError("CONFLICT", "This request already holds credits.");
      throw err;
    }
    if (held.length > 0) return;
    const settled = await this.db
      .select({ id: creditTransactions.id })
      .from(creditTransactions)
      .where(eq(creditTransactions.requestId, requestId))
      .limit(1);
    if (settled.length > 0) throw new AppError("CONFLICT", "This request was already settled.");
    const { availableCredits } = await this.balance(userId);
    throw insufficientCredits(amount, availableCredits);
  }

  /**
   * Charges finished AI work: releases its hold and charges the real price, taking any excess over
   * the hold from the available balance but never below zero (the rest is recorded as shortfall).
   * Settling a request id twice charges once: credit_transactions.request_id is unique, so a second
   * settlement fails inside its transaction (undoing all of it) and returns the first result.
   */
  async settle<S = undefined>(input: SettleInput, within?: WithinSettle<S>): Promise<SettleResult<S>> {
    const { userId, requestId, endpoint, aiProvider, requestTokens, responseTokens } = input;
    const apiKeyId = spendingKeyId();
    assertCredits("requestTokens", requestTokens, 0);
    assertCredits("responseTokens", responseTokens, 0);
    const price = input.credits ?? creditsForTokens(requestTokens + responseTokens);
    assertCredits("credits", price, 0);
    this.leftBySpend.delete(userId);

    try {
      return await this.db.transaction(async (tx) => {
        // Take the hold (if it is still there) and lock the account, in one round trip.
        const lockAccount = () =>
          tx.execute(sql`
            WITH released AS (
              DELETE FROM credit_holds WHERE request_id = ${requestId} AND user_id = ${userId} RETURNING amount
            )
            SELECT (SELECT COALESCE(sum(amount), 0) FROM released)::int AS hold, ${AVAILABLE}::int AS available
            FROM user_credits WHERE user_id = ${userId}
            FOR UPDATE OF user_credits`);
        let [account] = rowsOf<{ hold: number; available: number }>(await lockAccount());
        if (!account) {
          // No account yet (and so no hold): open it and charge from its (empty) balance.
          await this.ensureAccount(userId, tx);
          [account] = rowsOf<{ hold: number; available: number }>(await lockAccount());
          if (!account) throw new Error(`No credit account for ${userId}`);
        }
        const hold = Number(account.hold);
        const creditsUsed = Math.min(price, hold + Number(account.available));
        const shortfall = price - creditsUsed;
        // Move the balance and append the usage's ledger row (unique request id): one statement.
        const [after] = rowsOf<{ available: number; balance: number }>(
          await tx.execute(sql`
            WITH charged AS (
              UPDATE user_credits
              SET held_credits = held_credits - ${hold}, used_credits = used_credits + ${creditsUsed}, updated_at = now()
              WHERE user_id = ${userId}
              RETURNING ${AVAILABLE}::int AS available, ${LEDGER_BALANCE}::int AS balance
            ), appended AS (
              INSERT INTO credit_transactions (user_id, type, amount, balance_after, endpoint, ai_provider, request_id,
                request_tokens, response_tokens, shortfall, api_key_id, created_at)
              SELECT ${userId}::text, 'usage', ${-creditsUsed}::int, charged.balance, ${endpoint}::text, ${aiProvider}::text,
                ${requestId}::text, ${requestTokens}::int, ${responseTokens}::int, ${shortfall}::int, ${apiKeyId}::text,
                clock_timestamp()
              FROM charged
              RETURNING id
            )
            SELECT available, balance FROM charged`),
        );
        if (!after) throw new Error(`No credit account for ${userId}`);
        const saved = within ? await within(tx, { creditsUsed }) : undefined;
        return { creditsUsed, shortfall, availableAfter: Number(after.available), saved };
      });
    } catch (err) {
      // Already settled (a retry, or a concurrent settle that won): nothing of this one was kept.
      return this.firstSettlement(err, userId, requestId);
    }
  }

  /**
   * Charges a price known before the work (detection, SEO HTML) for work that is already done, with
   * no hold: one conditional statement takes the credits only when the available balance covers
   * them (used += price WHERE available ≥ price), and records the usage and appends the ledger row
   * from what it updated. Concurrent spends queue on the account's row lock and each re-checks the
   * condition, so nothing is ever overspent; the loser gets a 402 with `required`/`available` and
   * nothing is written. Without `within` the statement is its own transaction (one round trip, one
   * commit); with it, `within` saves the work's result after the charge, in the same transaction.
   * A request id spent twice charges once (credit_transactions.request_id is unique): the second returns the first.
   */
  async spend<S = undefined>(input: SpendInput, within?: WithinSettle<S>): Promise<SettleResult<S>> {
    const { userId, requestId, endpoint, aiProvider, credits: price } = input;
    assertCredits("credits", price, 0);
    const values: SpendValues = { userId, price, endpoint, aiProvider, requestId, apiKeyId: spendingKeyId() };
    const once = async (): Promise<SettleResult<S> | null> => {
      if (!within) {
        const charged = await this.spends.spend(values);
        return charged ? { creditsUsed: price, shortfall: 0, availableAfter: charged.available } : null;
      }
      return this.db.transaction(async (tx) => {
        const [row] = rowsOf<{ available: number }>(await spendStatement(tx).execute(values));
        if (!row) return null;
        const saved = await within(tx, { creditsUsed: price });
        return { creditsUsed: price, shortfall: 0, availableAfter: Number(row.available), saved };
      });
    };
    this.leftBySpend.delete(userId);
    try {
      let spent = await once();
      if (spent) {
        this.rememberSpend(userId, spent.availableAfter);
        return spent;
      }
      // Not charged: the balance can't cover it, or there is no account yet (free work opens one).
      const balance = (await this.db
        .select({ available: sql<number>`${AVAILABLE}`.mapWith(Number) })
        .from(userCredits)
        .where(eq(userCredits.userId, userId))) as Array<{ available: number }>;
      if (balance.length === 0 && price === 0) {
        await this.ensureAccount(userId);
        spent = await once();
        if (spent) return spent;
      }
      throw insufficientCredits(price, balance[0]?.available ?? 0);
    } catch (err) {
      // Already spent under this id (a retry): nothing of this one was kept.
      return this.firstSettlement(err, userId, requestId);
    }
  }

  /**
   * Grows a hold by up to `amount` credits, as far as the available balance allows (metered work:
   * the hold keeps ahead of what a model has written). One transaction: the account locked, then
   * the hold grown; returns the credits added, 0 when the balance is spent or the hold is gone.
   */
  async topUp(requestId: string, amount: number): Promise<number> {
    assertCredits("amount", amount, 0);
    if (amount === 0) return 0;
    // Lock first, then price: one statement that locked the account and priced the growth from it
    // could price from the account as its snapshot saw it, not as the lock found it (seen on
    // PostgreSQL: a concurrent hold or settle between the two, then a CHECK violation here, which
    // stopped the work as if the credits had run out). The second statement's snapshot is taken
    // under the lock, so it reads the balance as it is.
    return this.db.transaction(async (tx) => {
      const [locked] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          SELECT h.id FROM credit_holds h JOIN user_credits ON user_credits.user_id = h.user_id
          WHERE h.request_id = ${requestId}
          FOR UPDATE OF user_credits`),
      );
      if (!locked) return 0;
      const [row] = rowsOf<{ added: number }>(
        await tx.execute(sql`
          WITH account AS (
            SELECT h.id AS hold_id, user_credits.user_id, LEAST(${amount}::int, ${AVAILABLE}) AS added
            FROM credit_holds h JOIN user_credits ON user_credits.user_id = h.user_id
            WHERE h.id = ${locked.id}
          ), grown AS (
            UPDATE user_credits SET held_credits = held_credits + account.added, updated_at = now()
            FROM account WHERE user_credits.user_id = account.user_id AND account.added > 0
            RETURNING account.hold_id, account.added
          ), held AS (
            UPDATE credit_holds SET amount = credit_holds.amount + grown.added
            FROM grown WHERE credit_holds.id = grown.hold_id
            RETURNING grown.added
          )
          SELECT COALESCE(sum(added), 0)::int AS added FROM held`),
      );
      return Number(row?.added ?? 0);
    });
  }

  /** Moves a live hold's expiry to `ttlSeconds` from now (its work is still running). One statement. */
  async renew(requestId: string, ttlSeconds = this.holdTtlSeconds): Promise<boolean> {
    assertCredits("ttlSeconds", ttlSeconds, 1);
    const renewed = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        UPDATE credit_holds SET expires_at = now() + make_interval(secs => ${ttlSeconds}::int)
        WHERE request_id = ${requestId} RETURNING id`),
    );
    return renewed.length > 0;
  }

  /** Releases a hold in full (the work failed or was cancelled). Idempotent; one statement. */
  async release(requestId: string): Promise<void> {
    await this.db.execute(sql`
      WITH released AS (
        DELETE FROM credit_holds WHERE request_id = ${requestId} RETURNING user_id, amount
      )
      UPDATE user_credits AS uc
      SET held_credits = uc.held_credits - released.amount, updated_at = now()
      FROM released WHERE uc.user_id = released.user_id`);
  }

  /**
   * Releases every hold past its expiry: one statement (DELETE … RETURNING feeding the
   * held_credits decrement), so any number of processes may sweep at once and each hold is released
   * exactly once. Returns the number of holds released.
   */
  async releaseExpiredHolds(): Promise<number> {
    const result = (await this.db.execute(sql`
      WITH released AS (
        DELETE FROM ${creditHolds} WHERE ${creditHolds.expiresAt} < now()
        RETURNING ${creditHolds.userId} AS user_id, ${creditHolds.amount} AS amount
      ), per_user AS (
        SELECT user_id, sum(amount)::int AS amount FROM released GROUP BY user_id
      ), adjusted AS (
        UPDATE user_credits AS uc
        SET held_credits = uc.held_credits - per_user.amount, updated_at = now()
        FROM per_user WHERE uc.user_id = per_user.user_id
        RETURNING uc.user_id
      )
      SELECT count(*)::int AS released FROM released`)) as unknown as { rows: Array<{ released: number }> };
    return Number(result.rows[0]?.released ?? 0);
  }

  /**
   * Adds credits: a purchase (→ totalCredits), a campaign bonus or a direct grant (→ bonusCredits).
   * A purchase carries its Checkout Session id; the partial unique index on it makes a second
   * fulfilment of the same session a no-op (`applied: false`), whatever the webhook does.
   */
  async grant(input: GrantInput): Promise<GrantResult> {
    const { userId, amount, type, metadata = {} } = input;
    assertCredits("amount", amount, 1);
    if (type === "purchase" && !input.stripeSessionId) throw new RangeError("a purchase needs its stripeSessionId");
    return this.within(input.tx, async (tx) => {
      await this.ensureAccount(userId, tx);
      const [account] = await tx
        .select({ balance: sql<number>`${LEDGER_BALANCE}`.mapWith(Number) })
        .from(userCredits)
        .where(eq(userCredits.userId, userId))
        .for("update");
      if (!account) throw new Error(`No credit account for ${userId}`);
      const balanceAfter = account.balance + amount;

      const inserted = await tx
        .insert(creditTransactions)
        .values({
          userId,
          type,
          amount,
          balanceAfter,
          createdAt: NOW,
          stripeSessionId: input.stripeSessionId ?? null,
          stripePaymentIntentId: input.stripePaymentIntentId ?? null,
          metadata,
        })
        .onConflictDoNothing()
        .returning({ id: creditTransactions.id });
      const row = inserted[0];
      if (!row) return { applied: false, transactionId: null, balanceAfter: account.balance };

      const column = type === "purchase" ? userCredits.totalCredits : userCredits.bonusCredits;
      await tx
        .update(userCredits)
        .set(
          type === "purchase"
            ? { totalCredits: sql`${column} + ${amount}`, updatedAt: sql`now()` }
            : { bonusCredits: sql`${column} + ${amount}`, updatedAt: sql`now()` },
        )
        .where(eq(userCredits.userId, userId));
      return { applied: true, transactionId: row.id, balanceAfter };
    });
  }

  /**
   * Adds the same bonus or grant to many users in the caller's transaction (a campaign batch): one
   * row per user, set-based. Accounts are locked in user-id order so two batches never deadlock.
   */
  async grantEach(input: {
    tx: Tx;
    userIds: string[];
    amount: number;
    type: Exclude<CreditGrantType, "purchase">;
    metadata?: Record<string, unknown>;
  }): Promise<Array<{ userId: string; balanceAfter: number }>> {
    const { tx, amount, type, metadata = {} } = input;
    assertCredits("amount", amount, 1);
    const userIds = [...new Set(input.userIds)].sort();
    if (userIds.length === 0) return [];
    await tx
      .insert(userCredits)
      .values(userIds.map((userId) => ({ userId })))
      .onConflictDoNothing({ target: userCredits.userId });
    await tx
      .select({ id: userCredits.id })
      .from(userCredits)
      .where(inArray(userCredits.userId, userIds))
      .orderBy(asc(userCredits.userId))
      .for("update");
    const updated = await tx
      .update(userCredits)
      .set({ bonusCredits: sql`${userCredits.bonusCredits} + ${amount}`, updatedAt: sql`now()` })
      .where(inArray(userCredits.userId, userIds))
      .returning({ userId: userCredits.userId, balanceAfter: sql<number>`${LEDGER_BALANCE}`.mapWith(Number) });
    if (updated.length > 0)
      await tx.insert(creditTransactions).values(
        updated.map((u) => ({
          userId: u.userId,
          type,
          amount,
          balanceAfter: u.balanceAfter,
          createdAt: NOW,
          metadata,
        })),
      );
    return updated;
  }

  /**
   * Takes credits back (a refund, a lost dispute): never more than the available balance, never
   * below zero. What could not be taken back (already spent or held) is recorded in the row's
   * metadata as notRecovered. Always appends one row, even when nothing could be taken.
   */
  async reverse(input: ReverseInput): Promise<ReverseResult> {
    const { userId, amount, type, metadata = {} } = input;
    assertCredits("amount", amount, 0);
    this.leftBySpend.delete(userId);
    return this.within(input.tx, async (tx) => {
      await this.ensureAccount(userId, tx);
      const [account] = await tx
        .select({
          total: userCredits.totalCredits,
          bonus: userCredits.bonusCredits,
          available: sql<number>`${AVAILABLE}`.mapWith(Number),
          balance: sql<number>`${LEDGER_BALANCE}`.mapWith(Number),
        })
        .from(userCredits)
        .where(eq(userCredits.userId, userId))
        .for("update");
      if (!account) throw new Error(`No credit account for ${userId}`);

      const taken = Math.max(0, Math.min(amount, account.available));
      const notRecovered = amount - taken;
      // Purchased credits go first, then bonus: no column ever drops below zero.
      const fromTotal = Math.min(taken, account.total);
      const fromBonus = taken - fromTotal;
      const balanceAfter = account.balance - taken;

      if (taken > 0) {
        await tx
          .update(userCredits)
          .set({
            totalCredits: sql`${userCredits.totalCredits} - ${fromTotal}`,
            bonusCredits: sql`${userCredits.bonusCredits} - ${fromBonus}`,
            updatedAt: sql`now()`,
          })
          .where(eq(userCredits.userId, userId));
      }
      const [row] = await tx
        .insert(creditTransactions)
        .values({
          userId,
          type,
          amount: -taken,
          balanceAfter,
          createdAt: NOW,
          stripePaymentIntentId: input.stripePaymentIntentId ?? null,
          metadata: { ...metadata, requested: amount, notRecovered },
        })
        .returning({ id: creditTransactions.id });
      if (!row) throw new Error("credit_transactions insert returned nothing");
      return { taken, notRecovered, transactionId: row.id, balanceAfter };
    });
  }

  /**
   * A settlement or spend refused by the unique request id (`err`): the first one's result, with the
   * balance as it is now. Any other error, or no first settlement to be found, is thrown again.
   */
  private async firstSettlement(err: unknown, userId: string, requestId: string): Promise<SettleResult<never>> {
    if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    const first = await this.settledAs(requestId);
    if (!first) throw err;
    const { availableCredits } = await this.balance(userId);
    return { ...first, availableAfter: availableCredits };
  }

  /** What a settled request id was charged (its usage row), or undefined when it was never settled. */
  private async settledAs(requestId: string): Promise<{ creditsUsed: number; shortfall: number } | undefined> {
    const [row] = await this.db
      .select({ amount: creditTransactions.amount, shortfall: creditTransactions.shortfall })
      .from(creditTransactions)
      .where(eq(creditTransactions.requestId, requestId));
    return row && { creditsUsed: 0 - row.amount, shortfall: row.shortfall };
  }

  /** The user's ledger rows that moved the balance, newest first (free work's usage rows moved nothing). */
  async transactions(userId: string, limit: number): Promise<TransactionEntry[]> {
    const rows = await this.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, userId), MOVED_BALANCE))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(clampLimit(limit));
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      description: describeTransaction(r.type, usageMetadata(r)),
      stripeSessionId: r.stripeSessionId,
      createdAt: iso(r.createdAt),
    }));
  }

  /** The user's settled AI work, newest first. */
  async usage(userId: string, limit: number): Promise<UsageEntry[]> {
    const rows = await usageRows(this.db, userId, "desc").limit(clampLimit(limit));
    return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  }
}
