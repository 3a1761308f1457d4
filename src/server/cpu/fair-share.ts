// A fair share of the CPU pool for each owner (the signed-in user a task is done for), in two parts
// that know nothing of threads or timers, so their tests need neither:
//
// - FairQueue hands out the pool's worker slots. One owner has at most `perOwner` tasks in flight;
//   the rest of their tasks wait, and a freed slot goes to the owner whose turn it is (round robin
//   over the owners with work waiting), so one account's burst queues behind everyone else's work
//   instead of in front of it.
// - OverrunLimiter counts an owner's tasks that ran into the time limit. After `max` of them within
//   `windowMs`, the owner's further CPU work is refused (429 with Retry-After) until the oldest of
//   those overruns leaves the window: a text built to run for the whole limit costs its sender, not
//   the other users.
//
// Tasks without an owner (the server's own work, the pool's tests) each count as an owner of their own.

export class FairQueueAborted extends Error {
  constructor(readonly reason: unknown) {
    super("The task left the queue");
    this.name = "FairQueueAborted";
  }
}

interface Waiter {
  owner: string;
  grant: (release: () => void) => void;
}

export interface FairQueueOptions {
  /** Tasks in flight at once, all owners together (the pool's threads). */
  slots: number;
  /** Tasks in flight at once for one owner. */
  perOwner: number;
}

export class FairQueue {
  private readonly slots: number;
  private readonly perOwner: number;
  private running = 0;
  private readonly inFlight = new Map<string, number>();
  /** Owners with tasks waiting, in turn order (a Map keeps insertion order; served owners move to the end). */
  private readonly waiting = new Map<string, Waiter[]>();
  private size = 0;

  constructor(opts: FairQueueOptions) {
    this.slots = Math.max(1, opts.slots);
    this.perOwner = Math.max(1, opts.perOwner);
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.size;
  }

  /** Tasks holding a slot. */
  get active(): number {
    return this.running;
  }

  /** Tasks `owner` has in flight. */
  activeOf(owner: string): number {
    return this.inFlight.get(owner) ?? 0;
  }

  /**
   * Resolves with a release function once `owner` may start a task; rejects with FairQueueAborted
   * when `signal` aborts first (the task then never held a slot).
   */
  acquire(owner: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new FairQueueAborted(signal.reason));
    if (this.waiting.size === 0 && this.canStart(owner)) return Promise.resolve(this.start(owner));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (this.remove(waiter)) reject(new FairQueueAborted(signal?.reason));
      };
      const waiter: Waiter = {
        owner,
        grant: (release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const queue = this.waiting.get(owner);
      if (queue) queue.push(waiter);
      else this.waiting.set(owner, [waiter]);
      this.size++;
      this.dispatch();
    });
  }

  private canStart(owner: string): boolean {
    return this.running < this.slots && this.activeOf(owner) < this.perOwner;
  }

  private start(owner: string): () => void {
    this.running++;
    this.inFlight.set(owner, this.activeOf(owner) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = this.activeOf(owner) - 1;
      if (left > 0) this.inFlight.set(owner, left);
      else this.inFlight.delete(owner);
      this.dispatch();
    };
  }

  /** Gives free slots to waiting owners, in turn, skipping owners at their own limit. */
  private dispatch(): void {
    while (this.running < this.slots) {
      let next: Waiter | undefined;
      for (const [owner, queue] of this.waiting) {
        if (this.activeOf(owner) >= this.perOwner) continue;
        next = queue.shift();
        // The served owner goes to the back of the turn order.
        this.waiting.delete(owner);
        if (queue.length) this.waiting.set(owner, queue);
        break;
      }
      if (!next) return;
      this.size--;
      next.grant(this.start(next.owner));
    }
  }

  private remove(waiter: Waiter): boolean {
    const queue = this.waiting.get(waiter.owner);
    const i = queue?.indexOf(waiter) ?? -1;
    if (!queue || i < 0) return false;
    queue.splice(i, 1);
    if (!queue.length) this.waiting.delete(waiter.owner);
    this.size--;
    return true;
  }
}

export interface OverrunLimiterOptions {
  /** Overruns within the window that block the owner (default 2). */
  max?: number;
  /** The window, in ms (default 60 s). */
  windowMs?: number;
  /** Owners remembered at most (the oldest are forgotten first); default 10,000. */
  maxOwners?: number;
}

export class OverrunLimiter {
  private readonly max: number;
  private readonly windowMs: number;
  private readonly maxOwners: number;
  private readonly overruns = new Map<string, number[]>();

  constructor(opts: OverrunLimiterOptions = {}) {
    this.max = Math.max(1, opts.max ?? 2);
    this.windowMs = opts.windowMs ?? 60_000;
    this.maxOwners = opts.maxOwners ?? 10_000;
  }

  /** Counts one task of `owner` that ran into the time limit at `now` (ms). */
  record(owner: string, now: number): void {
    const times = this.recent(owner, now);
    times.push(now);
    this.overruns.delete(owner);
    this.overruns.set(owner, times);
    if (this.overruns.size > this.maxOwners) {
      const oldest = this.overruns.keys().next().value;
      if (oldest !== undefined) this.overruns.delete(oldest);
    }
  }

  /** 0 when `owner` may run CPU work at `now`; otherwise the seconds until they may again. */
  blockedFor(owner: string, now: number): number {
    const times = this.recent(owner, now);
    if (!times.length) this.overruns.delete(owner);
    if (times.length < this.max) return 0;
    // Free again once fewer than `max` overruns are left in the window.
    const freeAt = (times[times.length - this.max] as number) + this.windowMs;
    return Math.max(1, Math.ceil((freeAt - now) / 1000));
  }

  private recent(owner: string, now: number): number[] {
    const times = this.overruns.get(owner) ?? [];
    const from = now - this.windowMs;
    while (times.length && (times[0] as number) <= from) times.shift();
    return times;
  }
}
