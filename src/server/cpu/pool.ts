// A worker-thread pool (piscina) for the CPU-bound part of a request: markdown → SEO HTML and its
// report, the offline SEO revision, built-in AI detection. The main thread keeps answering every
// other request (and /api/health) while these run.
//
// Each task has a hard time limit counted from the moment a worker starts it: past it the worker
// is terminated — a synchronous loop cannot be interrupted any other way — and the caller gets a
// 422 saying so. A full queue, or a task that waited too long for a worker, answers 503 at once.
//
// Each owner (the user a task is for) gets a fair share of the workers (fair-share.ts): at most
// `perOwner` tasks in flight, the rest queued behind other owners' work, served in turn; and after
// two tasks that ran into the time limit within a minute, the owner's CPU work answers 429 for a while.

import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { countOf } from "../../shared/plural";
import { AppError, tooManyRequests } from "../errors";
import { FairQueue, OverrunLimiter, type OverrunLimiterOptions } from "./fair-share";
import { isRefused, STARTED, type TaskMessage, type TaskTable } from "./task-runner";
import type { CpuTasks } from "./tasks";

export interface CpuPoolOptions {
  /** Longest a task may run once a worker has started it. */
  timeLimitMs: number;
  /** Worker threads (default: the machine's cores). */
  threads?: number;
  /**
   * Tasks that may wait for a worker (default 32 per thread); more answer 503 at once. Most tasks
   * take milliseconds (a 500-word detection ~1.5 ms), so 50 users at once must fit; a queue that
   * waits too long is cut by maxWaitMs anyway.
   */
  maxQueue?: number;
  /**
   * Longest a task may wait for a worker (default 6 × timeLimitMs, at least 30 s) before answering
   * 503. Until the pool's first worker has started a task, the wait is for the worker to boot, not
   * for other tasks: then it may take up to bootWaitMs (default 120 s, a busy machine's boot).
   */
  maxWaitMs?: number;
  bootWaitMs?: number;
  /** The worker module: this folder's worker.ts from the sources, cpu-worker.js beside the bundle. */
  worker?: URL;
  /** Heap of one worker, in MB (default 512): a task that needs more fails like a slow one. */
  maxHeapMb?: number;
  /**
   * Tasks one owner may have in flight at once (default: half the threads, at least 1), so the
   * other half is always free for everyone else's work.
   */
  perOwner?: number;
  /** When an owner's tasks that ran into the time limit block their further CPU work (default 2 a minute). */
  overruns?: OverrunLimiterOptions;
}

export interface CpuRunOptions {
  signal?: AbortSignal;
  /** Whose work this is (a user id): the unit of the fair share. None: an owner of its own. */
  owner?: string;
}

/** A caller's own signal aborted the task (the client went away). */
export class CpuTaskCancelled extends Error {
  constructor() {
    super("The task was cancelled");
    this.name = "CpuTaskCancelled";
  }
}

export const tooLongError = (limitMs: number) =>
  new AppError(
    "TOO_COMPLEX",
    `This text took too long to process (over ${formatSeconds(limitMs)}) and was stopped. Shorten it or simplify its formatting.`,
  );
export const busyError = () =>
  new AppError("SERVER_BUSY", "The server is busy with other long texts. Please try again in a minute.");
const tooDeepError = () =>
  new AppError("TOO_COMPLEX", "This text is nested too deeply to process. Flatten its lists, quotes or emphasis.");
export const overrunLimitedError = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return tooManyRequests(
    `Too many of your texts took too long to process. Try again in ${countOf(minutes, "minute")}, with a shorter or simpler text.`,
    retryAfterSeconds,
  );
};
const tooBigError = () =>
  new AppError("TOO_COMPLEX", "This text needs more memory than one request may use. Shorten it.");

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return s >= 1 ? `${Number.isInteger(s) ? s : s.toFixed(1)} s` : `${ms} ms`;
}

/** The worker module beside this one: TypeScript from the sources, cpu-worker.js in the bundle. */
function defaultWorker(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./worker.ts", import.meta.url)
    : new URL("./cpu-worker.js", import.meta.url);
}

export class CpuPool<T extends TaskTable = CpuTasks> {
  readonly timeLimitMs: number;
  readonly threads: number;
  private readonly maxQueue: number;
  private readonly maxWaitMs: number;
  private readonly bootWaitMs: number;
  /** A worker has started a task: from now on a long wait means the workers are busy. */
  private booted = false;
  private readonly worker: URL;
  private readonly maxHeapMb: number;
  private pool: Piscina | undefined;
  private closed = false;
  private readonly fair: FairQueue;
  private readonly overruns: OverrunLimiter;
  private anonymous = 0;

  constructor(opts: CpuPoolOptions) {
    this.timeLimitMs = opts.timeLimitMs;
    this.threads = Math.max(1, opts.threads ?? availableParallelism());
    this.maxQueue = opts.maxQueue ?? this.threads * 32;
    this.maxWaitMs = opts.maxWaitMs ?? Math.max(30_000, 6 * opts.timeLimitMs);
    this.bootWaitMs = Math.max(this.maxWaitMs, opts.bootWaitMs ?? 120_000);
    this.worker = opts.worker ?? defaultWorker();
    this.maxHeapMb = opts.maxHeapMb ?? 512;
    this.fair = new FairQueue({
      slots: this.threads,
      perOwner: opts.perOwner ?? Math.max(1, Math.floor(this.threads / 2)),
    });
    this.overruns = new OverrunLimiter(opts.overruns);
  }

  /** Whether a worker of this pool has started a task yet. */
  get warm(): boolean {
    return this.booted;
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.fair.queued + (this.pool?.queueSize ?? 0);
  }

  /**
   * Runs `task` on `input` in a worker. Rejects with a 422 AppError past the time limit (or when the
   * task refuses its input, or the input nests too deeply or needs too much memory), a 503 when the
   * pool is saturated, a 429 when the owner's recent tasks ran into the time limit too often, and
   * CpuTaskCancelled when `signal` aborts first.
   */
  async run<K extends keyof T & string>(
    task: K,
    input: Parameters<T[K]>[0],
    opts: CpuRunOptions = {},
  ): Promise<Awaited<ReturnType<T[K]>>> {
    if (opts.signal?.aborted) throw new CpuTaskCancelled();
    const owner = opts.owner === undefined ? `\0task:${++this.anonymous}` : `user:${opts.owner}`;
    this.refuseOverrunner(owner);
    const pool = this.piscina();
    if (this.queued >= this.maxQueue) throw busyError();

    const started = new Int32Array(new SharedArrayBuffer(4));
    const stop = new AbortController();
    let why: "waited" | "ran" | "cancelled" | undefined;
    const abort = (reason: NonNullable<typeof why>) => {
      if (why) return;
      why = reason;
      stop.abort(reason);
    };
    const waitTimer = setTimeout(() => abort("waited"), this.booted ? this.maxWaitMs : this.bootWaitMs);
    let runTimer: NodeJS.Timeout | undefined;
    // The worker notifies when it starts the task: the time limit counts from then.
    const start = waitAsync(started, 0, 0);
    if (start.async)
      void start.value.then(() => {
        clearTimeout(waitTimer);
        if (Atomics.load(started, 0) !== STARTED || why) return;
        this.booted = true;
        runTimer = setTimeout(() => abort("ran"), this.timeLimitMs);
      });
    const onCancel = () => abort("cancelled");
    opts.signal?.addEventListener("abort", onCancel, { once: true });

    let release: (() => void) | undefined;
    try {
      release = await this.fair.acquire(owner, stop.signal);
      // A task that waited behind its owner's own overrunning ones is refused like them.
      this.refuseOverrunner(owner);
      const message: TaskMessage = { task, input, started };
      const result = await pool.run(message, { signal: stop.signal });
      if (isRefused(result)) throw new AppError("TOO_COMPLEX", result.refused);
      return result;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (why === "ran") {
        this.overruns.record(owner, Date.now());
        throw tooLongError(this.timeLimitMs);
      }
      if (why === "waited") throw busyError();
      if (why === "cancelled") throw new CpuTaskCancelled();
      throw classify(err);
    } finally {
      release?.();
      clearTimeout(waitTimer);
      clearTimeout(runTimer);
      opts.signal?.removeEventListener("abort", onCancel);
      // Wakes the start waiter of a task that never started, so it is not kept forever.
      Atomics.store(started, 0, STARTED + 1);
      Atomics.notify(started, 0);
    }
  }

  private refuseOverrunner(owner: string): void {
    const blocked = this.overruns.blockedFor(owner, Date.now());
    if (blocked) throw overrunLimitedError(blocked);
  }

  /** Stops the workers at once (running tasks fail). */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  private piscina(): Piscina {
    if (this.closed) throw busyError();
    if (this.pool) return this.pool;
    const fromSources = this.worker.pathname.endsWith(".ts");
    this.pool = new Piscina({
      filename: fromSources ? new URL("./tsx-worker.mjs", import.meta.url).href : this.worker.href,
      workerData: fromSources ? { cpuWorker: this.worker.href } : undefined,
      // At least one: piscina replaces a terminated worker only up to minThreads, and the queue
      // behind a stopped task needs a worker to go on.
      minThreads: 1,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      maxQueue: this.maxQueue,
      // A little below the main thread, which answers every other request (Linux; ignored elsewhere).
      niceIncrement: process.platform === "linux" ? 5 : 0,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    return this.pool;
  }
}

// Atomics.waitAsync is ES2024 (Node ≥ 16); the project's TypeScript lib is ES2023.
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** Errors from inside a worker that say the input was too much, as a 422; the rest as they are. */
function classify(err: unknown): unknown {
  const e = err as { name?: string; message?: string; code?: string };
  if (e?.name === "RangeError" && /call stack/i.test(e.message ?? "")) return tooDeepError();
  if (e?.code === "ERR_WORKER_OUT_OF_MEMORY") return tooBigError();
  if (/task queue is at limit|no task queue available/i.test(e?.message ?? "")) return busyError();
  return err;
}
