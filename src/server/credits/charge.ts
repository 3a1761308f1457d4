// The one way a feature spends credits (DESIGN.md "Money and credits"): hold an estimate before
// the work starts → run the work → settle on what it used (or a fixed price) and save what it
// produced in the same transaction → or release everything when it failed. While the work runs its
// hold is renewed (a crash still loses nothing: the sweeper releases holds that stop being renewed)
// and, for metered work, grown ahead of what the model has written; when the balance can't cover
// more, the work is stopped before it delivers the uncovered part and what it delivered is settled
// — no unpaid shortfall, no free text. Text that reached the client is paid for whatever fails after
// it: when saving the result fails, its transaction is undone and the charge alone is committed in a
// transaction of its own (`NotSaved`, "Saved nothing: …"), logged with the request id.
import { randomUUID } from "node:crypto";
import { creditsForTokens } from "../../shared/credits-math";
import { creditCount } from "../../shared/plural";
import type { StopReason } from "../../shared/writing";
import type { Usage } from "../ai/usage";
import type { Tx } from "../db/client";
import { AppError, insufficientCredits } from "../errors";
import type { Logger } from "../logger";
import type { Ledger, SettleResult, WithinSettle } from "./ledger";

/** Why metered work was stopped before it finished. */
export type { StopReason };

export const STOP_MESSAGES: Record<StopReason, string> = {
  out_of_credits: "Stopped: out of credits. You have what was written so far; buy credits to continue.",
  time_limit: "Stopped: the AI call ran past its time limit. You have what was written so far.",
  shutdown:
    "Stopped: the server is restarting. You have what was written so far and paid only for that; please try again in a moment.",
};

const restartingError = () => new AppError("SERVER_BUSY", "The server is restarting. Please try again in a moment.");

/** Handed to the work: its abort signal, and where it reports the tokens used so far. */
export interface Meter {
  /** Aborts when the work must stop: the client left, the balance ran out or time is up. */
  readonly signal: AbortSignal;
  /**
   * Tokens used so far (prompt + output), reported before that output is delivered. Grows the hold
   * ahead of them. True at once when the hold covers them; when it does not, a promise that first
   * tries to grow the hold from the balance as it is now (other work may have settled meanwhile).
   * False when even that can't cover them: the work is stopped and that output must not be
   * delivered, so nothing is ever handed out unpaid.
   */
  observe(tokens: number): boolean | Promise<boolean>;
  /** Resolves when no top-up of the hold is in flight (a growth ahead still waiting is sent first). */
  settled(): Promise<void>;
}

/** The work's answer: what it produced and what it used (omit usage for fixed-price work). */
export interface Finished<T> {
  value: T;
  usage?: Usage;
  /** False: nothing is charged and nothing saved (a detector that refused the text). */
  billable?: boolean;
}

/**
 * Thrown by work that stopped part way (the client left, or the meter stopped it): `value` is what
 * was delivered (null: nothing), `usage` what it used. The charge settles and saves the delivered part.
 */
export class PartialWork<T> extends Error {
  constructor(
    readonly value: T | null,
    readonly usage: Usage,
  ) {
    super("The work stopped before it finished.");
    this.name = "PartialWork";
  }
}

/**
 * The work was delivered and charged, but saving what it produced failed: the charge was committed
 * on its own (the ledger matches what was delivered) and nothing was saved. `value` is what the work
 * produced, for the caller to hand over (`withText`) so the answer still reaches the user.
 */
export class NotSaved<T = unknown> extends AppError {
  constructor(
    readonly requestId: string,
    readonly creditsUsed: number,
    readonly value: T,
    what = "The text",
  ) {
    super(
      "NOT_SAVED",
      `Saved nothing: ${what} was delivered${creditsUsed > 0 ? ` and charged (${creditCount(creditsUsed)})` : ""}, but saving it failed. Copy it now; it is not in your documents.`,
      { requestId, creditsUsed },
    );
    this.name = "NotSaved";
  }

  /** The same refusal carrying the delivered text (a JSON answer's only copy of it). */
  withText(text: string): AppError {
    return new AppError(this.code, this.message, { ...this.details, text });
  }
}

/** A failure thrown by a `save` (wrapped, so the settling transaction's own errors stay apart). */
class SaveFailed extends Error {
  constructor(readonly reason: unknown) {
    super("Saving the work's result failed.");
    this.name = "SaveFailed";
  }
}

/** Wraps `save` so its failures are known as such; the caller's own RequestCancelled passes through. */
function marked<A extends unknown[], R>(save: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await save(...args);
    } catch (err) {
      if (err instanceof RequestCancelled) throw err;
      throw new SaveFailed(err);
    }
  };
}

/** The client went away; nobody reads the answer (the HTTP layer answers 499). */
export class RequestCancelled extends Error {
  constructor() {
    super("The request was cancelled by the client.");
    this.name = "RequestCancelled";
  }
}

export interface ChargeInput {
  userId: string;
  /** The usage row's endpoint: the path the client called. */
  endpoint: string;
  /** Who did the work, recorded on the usage row ('offline' for the offline writer, a detector's name). */
  aiProvider: string | null;
  /** Credits reserved before the work starts (0: free work, still recorded). */
  estimate: number;
  /** A fixed price; otherwise the price of the usage the work reports. */
  price?: number;
  /** Grow the hold as the work reports tokens (model calls priced by usage). */
  metered?: boolean;
  /** The caller's signal (the client's request). */
  signal?: AbortSignal;
  /**
   * The work's request id, when the caller keys it (a batch step: the same step run again after a
   * crash has the same id, so the ledger charges it once). A new random id otherwise.
   */
  requestId?: string;
}

export interface Charged<T, S> {
  requestId: string;
  value: T;
  creditsUsed: number;
  /** What `save` returned; undefined when nothing was billable. */
  saved: S | undefined;
  /** Set when metered work was stopped early and what it delivered was settled. */
  stopped?: StopReason;
}

export type Work<T> = (meter: Meter) => Promise<Finished<T>>;
/**
 * Saves what the work produced inside the settling transaction. If it throws, its writes are undone
 * and the charge is committed alone (NotSaved): what was delivered is paid for.
 */
export type Save<T, S> = (
  tx: Tx,
  r: { requestId: string; value: T; creditsUsed: number; partial: boolean },
) => Promise<S>;

/** A hold taken for one piece of work: run it once, or release it. */
export interface Held {
  readonly requestId: string;
  readonly estimate: number;
  run<T, S = undefined>(work: Work<T>, save?: Save<T, S>): Promise<Charged<T, S>>;
  /** Releases the hold of work that will never run (a no-op after run). */
  release(): Promise<void>;
}

export interface ChargesOptions {
  /** How often a live hold's expiry is pushed forward (default: a third of the ledger's TTL). */
  renewEveryMs?: number;
  /** The longest a hold may be kept alive; the work is stopped then (default 30 minutes). */
  maxHoldMs?: number;
}

/** Tokens a hold is grown ahead of what is written: a quarter of the use so far, at least 2,000. */
const lookahead = (tokens: number) => Math.max(2000, Math.ceil(tokens / 4));

/**
 * How long a growth ahead of the writing waits before it is sent. The last piece of a call's text
 * asks for one too, and the call then ends: waiting a moment lets the end drop it (a top-up is a
 * transaction of four round trips). The hold still covers every token before it is handed out
 * (`cover` grows at once when it must), and 2,000 tokens ahead is seconds of a model's writing.
 */
const GROW_AHEAD_DELAY_MS = 100;

export class Charges {
  private readonly renewEveryMs: number;
  private readonly maxHoldMs: number;
  /** The meters of held work running now: a shutdown stops them (drain). */
  private readonly live = new Set<LiveMeter>();
  /** Held work running now, settling included (idle() waits for it). */
  private readonly running = new Set<Promise<unknown>>();
  private draining = false;

  constructor(
    private readonly ledger: Pick<
      Ledger,
      "hold" | "settle" | "release" | "topUp" | "renew" | "holdTtlSeconds" | "spend" | "covers"
    >,
    private readonly logger: Logger,
    opts: ChargesOptions = {},
  ) {
    this.renewEveryMs = opts.renewEveryMs ?? Math.max(1000, (ledger.holdTtlSeconds * 1000) / 3);
    this.maxHoldMs = opts.maxHoldMs ?? 30 * 60_000;
  }

  /**
   * Shutdown: stops every held piece of work now running (a stream: the model call ends, what was
   * delivered is settled and the rest of its hold released, and the answer says "stopped: shutdown"),
   * and refuses new holds with a 503. Fixed-price work (no hold) finishes as usual.
   */
  drain(): void {
    this.draining = true;
    for (const meter of this.live) meter.stop("shutdown");
  }

  /** Resolves once no held work is running or settling. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /**
   * Runs the work and charges for it in one call. A price known up front (`price`, not metered:
   * detection, SEO HTML) is charged after the work in one conditional statement with no hold (see
   * `fixed`); anything else is held, run and settled (work that needs no answer between the hold and
   * the work).
   */
  async charge<T, S = undefined>(input: ChargeInput & { work: Work<T>; save?: Save<T, S> }): Promise<Charged<T, S>> {
    if (input.price !== undefined && !input.metered) return this.fixed(input, input.price);
    const held = await this.hold(input);
    return held.run(input.work, input.save);
  }

  /**
   * A fixed-price charge: one commit per spend. A cheap balance check first (a broke caller gets
   * the 402 without any work done; `Ledger.covers`, which needs no read after this process's own
   * recent spend for the user left enough), then the work, then `Ledger.spend`: the charge, the usage row,
   * the ledger row and what `save` writes, in one statement (one transaction with `save`) that takes
   * the price only if the balance still covers it — else the same 402 and nothing kept. Work that
   * fails or is not billable charges nothing (nothing was reserved, so nothing is released); a
   * caller gone before the charge is charged nothing either (nobody would get the result). The work
   * may run and then be refused when concurrent spends took the balance meanwhile; never overspent.
   */
  private async fixed<T, S>(
    input: ChargeInput & { work: Work<T>; save?: Save<T, S> },
    price: number,
  ): Promise<Charged<T, S>> {
    const requestId = input.requestId ?? randomUUID();
    const save = input.save;
    if (price > 0) {
      const { covered, available } = await this.ledger.covers(input.userId, price);
      if (!covered) throw insufficientCredits(price, available);
    }
    const log = this.logger.child({ requestId, endpoint: input.endpoint });
    const meter = new LiveMeter(this.ledger, requestId, input, log);
    let finished: Finished<T>;
    try {
      finished = await input.work(meter);
    } catch (err) {
      if (!(err instanceof PartialWork)) throw err;
      // Stopped part way (a model call the client left): priced by what it used, as a held charge is.
      const partial = err as PartialWork<T>;
      if (partial.value === null || partial.value === undefined) throw new RequestCancelled();
      const value = partial.value;
      const settleInput = {
        userId: input.userId,
        requestId,
        endpoint: input.endpoint,
        aiProvider: input.aiProvider,
        requestTokens: partial.usage.requestTokens,
        responseTokens: partial.usage.responseTokens,
      };
      await this.savedOrCharged(
        log,
        requestId,
        value,
        (within) => this.ledger.settle(settleInput, within),
        () => this.ledger.settle(settleInput),
        save && ((tx, { creditsUsed }) => save(tx, { requestId, value, creditsUsed, partial: true })),
      ).catch((err) => {
        if (!(err instanceof NotSaved)) throw err;
      });
      throw new RequestCancelled();
    } finally {
      meter.close();
    }
    const { value } = finished;
    if (value === null || value === undefined || finished.billable === false)
      return { requestId, value: value as T, creditsUsed: 0, saved: undefined };
    const signal = input.signal;
    if (signal?.aborted) throw new RequestCancelled();
    // With a caller that may leave, the charge is a transaction that checks, just before it commits,
    // that the caller is still there: one that left (a client timeout) is charged nothing, even when
    // it left while the charge waited for the database. Without one, the spend is a single statement.
    const spendInput = {
      userId: input.userId,
      requestId,
      endpoint: input.endpoint,
      aiProvider: input.aiProvider,
      credits: price,
    };
    const saveMarked = save && marked(save);
    const within =
      saveMarked || signal
        ? async (tx: Tx, { creditsUsed }: { creditsUsed: number }) => {
            const saved = saveMarked
              ? await saveMarked(tx, { requestId, value, creditsUsed, partial: false })
              : undefined;
            if (signal?.aborted) throw new RequestCancelled();
            return saved as S;
          }
        : undefined;
    let spent: Awaited<ReturnType<Ledger["spend"]>> & { saved?: S };
    try {
      spent = await this.ledger.spend(spendInput, within);
    } catch (err) {
      if (!(err instanceof SaveFailed)) throw err;
      spent = await this.chargeAlone(log, requestId, value, err, () => this.ledger.spend(spendInput));
    }
    return { requestId, value, creditsUsed: spent.creditsUsed, saved: spent.saved };
  }

  /**
   * Settles with `save` in one transaction; when the save fails (its transaction undone), commits the
   * charge alone in a transaction of its own and throws NotSaved: what was delivered is paid for.
   */
  private async savedOrCharged<T, S>(
    log: Logger,
    requestId: string,
    value: T,
    withSave: (within?: WithinSettle<S>) => Promise<SettleResult<S>>,
    alone: () => Promise<SettleResult<undefined>>,
    save: WithinSettle<S> | undefined,
  ): Promise<SettleResult<S>> {
    try {
      return await withSave(save && marked(save));
    } catch (err) {
      if (!(err instanceof SaveFailed)) throw err;
      return this.chargeAlone(log, requestId, value, err, alone);
    }
  }

  /** Commits the charge of delivered work whose save failed, logs both, and throws NotSaved. */
  private async chargeAlone<T>(
    log: Logger,
    requestId: string,
    value: T,
    failure: SaveFailed,
    alone: () => Promise<SettleResult<undefined>>,
  ): Promise<never> {
    let charged: SettleResult<undefined>;
    try {
      charged = await alone();
    } catch (err) {
      log.error(
        { event: "credits.save_failed.charge_failed", err, saveError: failure.reason },
        "saving the result failed, and so did charging for it on its own",
      );
      throw err;
    }
    log.error(
      { event: "credits.save_failed", err: failure.reason, credits: charged.creditsUsed },
      "delivered work charged on its own: saving its result failed",
    );
    throw new NotSaved(requestId, charged.creditsUsed, value);
  }

  /** Reserves the estimate (a 402 'Insufficient credits' when the balance can't cover it). */
  async hold(input: ChargeInput): Promise<Held> {
    if (this.draining) throw restartingError();
    const requestId = input.requestId ?? randomUUID();
    await this.ledger.hold({ userId: input.userId, amount: input.estimate, requestId });
    let state: "held" | "running" | "done" = "held";
    return {
      requestId,
      estimate: input.estimate,
      run: (work, save) => {
        if (state !== "held") throw new Error("A held charge runs once");
        state = "running";
        const running = this.run(input, requestId, work, save).finally(() => {
          state = "done";
          this.running.delete(running);
        });
        this.running.add(running);
        return running;
      },
      release: async () => {
        if (state !== "held") return;
        state = "done";
        await this.ledger.release(requestId);
      },
    };
  }

  private async run<T, S>(input: ChargeInput, requestId: string, work: Work<T>, save?: Save<T, S>) {
    const log = this.logger.child({ requestId, endpoint: input.endpoint });
    const meter = new LiveMeter(this.ledger, requestId, input, log);
    this.live.add(meter);
    if (this.draining) meter.stop("shutdown");
    const renewal = setInterval(() => {
      if (meter.age() >= this.maxHoldMs) return meter.stop("time_limit");
      void this.ledger.renew(requestId).catch((err) => log.warn({ event: "credits.hold.renew_failed", err }));
    }, this.renewEveryMs);
    renewal.unref();

    let finished: Finished<T> | undefined;
    let partial: PartialWork<T> | undefined;
    try {
      finished = await work(meter);
    } catch (err) {
      if (!(err instanceof PartialWork)) {
        clearInterval(renewal);
        meter.dropLookahead();
        await meter.settled();
        await this.ledger.release(requestId).catch((e) => log.error({ event: "credits.release.failed", err: e }));
        throw err;
      }
      partial = err as PartialWork<T>;
    } finally {
      clearInterval(renewal);
      meter.close();
      this.live.delete(meter);
    }
    await meter.settled();

    const value = finished ? finished.value : partial?.value;
    if (value === null || value === undefined || finished?.billable === false) {
      await this.ledger.release(requestId);
      if (partial) throw meter.stopReason ? stoppedEmpty(meter.stopReason) : new RequestCancelled();
      return { requestId, value: value as T, creditsUsed: 0, saved: undefined };
    }
    const usage = finished?.usage ?? partial?.usage ?? { requestTokens: 0, responseTokens: 0 };
    const isPartial = partial !== undefined;
    const settleInput = {
      userId: input.userId,
      requestId,
      endpoint: input.endpoint,
      aiProvider: input.aiProvider,
      requestTokens: usage.requestTokens,
      responseTokens: usage.responseTokens,
      // A fixed price is for finished work; what a stopped model call delivered is priced by its tokens.
      credits: isPartial ? undefined : input.price,
    };
    let settled: Awaited<ReturnType<Ledger["settle"]>> & { saved?: S };
    try {
      settled = await this.savedOrCharged(
        log,
        requestId,
        value,
        (within) => this.ledger.settle(settleInput, within),
        () => this.ledger.settle(settleInput),
        save && ((tx, { creditsUsed }) => save(tx, { requestId, value, creditsUsed, partial: isPartial })),
      );
    } catch (err) {
      await this.ledger.release(requestId).catch(() => {});
      // The client left: nobody reads the refusal (what it was sent is charged all the same).
      if (err instanceof NotSaved && partial && !meter.stopReason) throw new RequestCancelled();
      throw err;
    }
    if (settled.shortfall > 0)
      log.warn({ event: "credits.shortfall", shortfall: settled.shortfall }, "usage beyond what the balance covered");
    if (partial && !meter.stopReason) throw new RequestCancelled();
    return {
      requestId,
      value,
      creditsUsed: settled.creditsUsed,
      saved: settled.saved,
      ...(meter.stopReason ? { stopped: meter.stopReason } : {}),
    };
  }
}

function stoppedEmpty(reason: StopReason) {
  if (reason === "shutdown") return restartingError();
  return reason === "out_of_credits"
    ? new AppError("INSUFFICIENT_CREDITS", `Insufficient credits: ${STOP_MESSAGES.out_of_credits}`)
    : new AppError("PROVIDER_UNAVAILABLE", "The AI call ran past its time limit and is temporarily unavailable.");
}

/** The meter of one running charge: a signal that aborts on the caller's abort or a stop, and the hold's growth. */
class LiveMeter implements Meter {
  private readonly controller = new AbortController();
  private readonly started = Date.now();
  private held: number;
  private topping: Promise<void> | null = null;
  /** The last top-up got less than it asked for: no more growing ahead of the writing. */
  private short = false;
  stopReason: StopReason | undefined;
  private readonly onCallerAbort = () => this.controller.abort(new RequestCancelled());

  constructor(
    private readonly ledger: Pick<Ledger, "topUp">,
    private readonly requestId: string,
    private readonly input: ChargeInput,
    private readonly log: Logger,
  ) {
    this.held = input.estimate;
    if (input.signal?.aborted) this.onCallerAbort();
    else input.signal?.addEventListener("abort", this.onCallerAbort, { once: true });
  }

  get signal() {
    return this.controller.signal;
  }

  age() {
    return Date.now() - this.started;
  }

  stop(reason: StopReason) {
    if (this.controller.signal.aborted) return;
    this.stopReason = reason;
    this.log.info({ event: "credits.work.stopped", reason, held: this.held }, "work stopped");
    this.controller.abort(new Error(STOP_MESSAGES[reason]));
  }

  observe(tokens: number): boolean | Promise<boolean> {
    if (!this.input.metered || this.input.price !== undefined) return true;
    if (this.controller.signal.aborted) return false;
    if (creditsForTokens(tokens) > this.held) return this.cover(tokens);
    // Ahead of the writing, in the background and after a moment (GROW_AHEAD_DELAY_MS); not again
    // while a top-up came back short (the balance is tight: the hold then grows only when the next
    // step needs it, in cover()).
    this.tokens = tokens;
    if (!this.ahead && !this.topping && !this.short && creditsForTokens(tokens + lookahead(tokens)) > this.held) {
      this.ahead = setTimeout(() => this.growAhead(), GROW_AHEAD_DELAY_MS);
      this.ahead.unref();
    }
    return true;
  }

  /** Tokens reported so far (the growth ahead is priced from the latest). */
  private tokens = 0;
  /** A growth ahead of the writing, waiting to be sent. */
  private ahead: NodeJS.Timeout | null = null;

  private growAhead(): void {
    this.dropLookahead();
    if (this.controller.signal.aborted || this.topping || this.short) return;
    const wanted = creditsForTokens(this.tokens + lookahead(this.tokens));
    if (wanted > this.held) this.grow(wanted);
  }

  /** The work ended (or must be covered now): a growth ahead that has not been sent is not sent. */
  dropLookahead(): void {
    if (this.ahead) clearTimeout(this.ahead);
    this.ahead = null;
  }

  /**
   * The hold does not cover `tokens`: waits for a top-up in flight, then grows the hold from the
   * balance as it is now. Stops the work only when that still can't cover them. (A shortfall once is
   * not the end: other work on the same balance settles, releases what it held beyond its use, and
   * the next step may be covered again.)
   */
  private async cover(tokens: number): Promise<boolean> {
    this.dropLookahead();
    await this.topping;
    if (this.controller.signal.aborted) return false;
    const needed = creditsForTokens(tokens);
    if (needed > this.held) {
      this.grow(creditsForTokens(tokens + lookahead(tokens)));
      await this.topping;
      if (this.controller.signal.aborted) return false;
    }
    if (needed <= this.held) return true;
    this.stop("out_of_credits");
    return false;
  }

  private grow(wanted: number): void {
    this.topping = this.ledger
      .topUp(this.requestId, wanted - this.held)
      .then((added) => {
        this.held += added;
        this.short = this.held < wanted;
      })
      .catch((err) => {
        this.log.warn({ event: "credits.hold.topup_failed", err }, "could not grow the hold");
        this.short = true;
      })
      .finally(() => {
        this.topping = null;
      });
  }

  /**
   * Waits for a top-up in flight (so the settlement sees the hold as it finally is); a growth ahead
   * still waiting is sent now, unless the meter was closed (the work ended: it is dropped).
   */
  async settled() {
    if (this.ahead) this.growAhead();
    await this.topping;
  }

  close() {
    this.dropLookahead();
    this.input.signal?.removeEventListener("abort", this.onCallerAbort);
  }
}
