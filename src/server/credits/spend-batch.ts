// Group commit for fixed-price spends (issue 30, the ledger at 50 balances): when a lane's statements
// are all in flight, the spends that arrive meanwhile wait and then go to the database together, as
// one statement that charges each of them under the same rule as Ledger.spend's own (docs/credits.md,
// "Spends committed together"). At low load nothing waits: a spend that finds a slot free runs at
// once, alone, through the one-row statement.
//
// Correctness does not rest on the batch: every spend the batch did not charge (the balance could not
// cover it, no account, or the batch failed as a whole — a request id spent twice, a deadlock, a lost
// connection) is sent again on its own, through the one-row statement, whose answer is the spend's.
// So a spend is charged at most once (one statement charges it, and request_id is unique), and never
// refused by the batch: only the one-row statement's "not charged" is passed on.

/** One spend's values, in the spend statement's parameters (a type, so it passes as a statement's parameters). */
export type SpendValues = {
  userId: string;
  price: number;
  endpoint: string;
  aiProvider: string | null;
  requestId: string;
  apiKeyId: string | null;
};

/** What the one-row statement answers: the balance left when charged, null when not. */
export type Charged = { available: number } | null;

export interface SpendStatements {
  /** The one-row spend (Ledger.spend's statement, its own transaction). */
  one: (values: SpendValues) => Promise<Charged>;
  /** Several spends of distinct users in one statement: the available balance after each charged one, by request id. */
  many: (values: SpendValues[]) => Promise<Map<string, number>>;
}

interface Waiting {
  values: SpendValues;
  resolve: (charged: Charged) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  /** Statements in flight. */
  inFlight: number;
  /** The users those statements charge: a user has one statement in flight at a time. */
  users: Set<string>;
  queue: Waiting[];
}

/** Counts for tests and benches: statements sent, and the spends they carried. */
export interface SpendBatchStats {
  single: number;
  batches: number;
  batchedSpends: number;
  /** Batches that failed as a whole (each of their spends then sent alone). */
  failedBatches: number;
}

/** A string's lane (FNV-1a): a user's spends always share one lane. */
function laneOf(userId: string, lanes: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) h = Math.imul(h ^ userId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % lanes;
}

/**
 * Spends grouped by lane: a user's spends always go through the same lane, and a user has one
 * statement in flight at a time, so two statements of this process never lock the same account (no
 * deadlock between two batches), a user's spends are charged in order, and a batch never holds two
 * spends of one user (one conditional UPDATE cannot charge a row twice). A lane sends up to `slots`
 * statements at once; a spend that finds a slot free (and its user idle) goes at once, alone, so
 * nothing waits until the lane is busy.
 */
export class SpendBatcher {
  readonly stats: SpendBatchStats = { single: 0, batches: 0, batchedSpends: 0, failedBatches: 0 };
  private readonly lanes: Lane[];
  private readonly slots: number;
  private readonly maxBatch: number;

  constructor(
    private readonly statements: SpendStatements,
    { lanes = 1, slots = 2, maxBatch = 64 }: { lanes?: number; slots?: number; maxBatch?: number } = {},
  ) {
    this.lanes = Array.from({ length: lanes }, () => ({ inFlight: 0, users: new Set<string>(), queue: [] }));
    this.slots = slots;
    this.maxBatch = maxBatch;
  }

  spend(values: SpendValues): Promise<Charged> {
    const lane = this.lanes[laneOf(values.userId, this.lanes.length)];
    return new Promise<Charged>((resolve, reject) => {
      lane.queue.push({ values, resolve, reject });
      this.pump(lane);
    });
  }

  /** Sends what waits in `lane` while it has a free slot: each statement the waiting spends of idle users. */
  private pump(lane: Lane): void {
    while (lane.inFlight < this.slots) {
      const batch = takeBatch(lane.queue, lane.users, this.maxBatch);
      if (batch.length === 0) return;
      lane.inFlight++;
      for (const spend of batch) lane.users.add(spend.values.userId);
      const sent = batch.length === 1 ? this.alone(batch[0]) : this.together(batch);
      void sent.finally(() => {
        lane.inFlight--;
        for (const spend of batch) lane.users.delete(spend.values.userId);
        this.pump(lane);
      });
    }
  }

  private async alone(spend: Waiting): Promise<void> {
    this.stats.single++;
    try {
      spend.resolve(await this.statements.one(spend.values));
    } catch (err) {
      spend.reject(err);
    }
  }

  private async together(batch: Waiting[]): Promise<void> {
    let charged: Map<string, number> | null = null;
    try {
      charged = await this.statements.many(batch.map((s) => s.values));
      this.stats.batches++;
      this.stats.batchedSpends += charged.size;
    } catch {
      // Nothing of it was kept (one statement): each spend goes alone, and its own error, if any, is its answer.
      this.stats.failedBatches++;
    }
    const uncharged: Waiting[] = [];
    for (const spend of batch) {
      const available = charged?.get(spend.values.requestId);
      if (available !== undefined) spend.resolve({ available });
      else uncharged.push(spend);
    }
    for (const spend of uncharged) await this.alone(spend);
  }
}

/** Up to `max` waiting spends of distinct users with nothing in flight, oldest first; the rest keep their places. */
function takeBatch(queue: Waiting[], busy: ReadonlySet<string>, max: number): Waiting[] {
  const users = new Set<string>();
  const batch: Waiting[] = [];
  const left: Waiting[] = [];
  for (const spend of queue) {
    const user = spend.values.userId;
    if (batch.length < max && !users.has(user) && !busy.has(user)) {
      users.add(user);
      batch.push(spend);
    } else left.push(spend);
  }
  if (batch.length === 0) return batch;
  queue.length = 0;
  queue.push(...left);
  return batch;
}
