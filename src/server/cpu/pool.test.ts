import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../errors";
import { CpuPool, CpuTaskCancelled } from "./pool";
import type { FixtureTasks } from "./testing/fixture-tasks";

const FIXTURE = new URL("./testing/fixture-tasks.ts", import.meta.url);

const pools: CpuPool<FixtureTasks>[] = [];
function pool(opts: Partial<ConstructorParameters<typeof CpuPool>[0]> = {}) {
  const p = new CpuPool<FixtureTasks>({ timeLimitMs: 60_000, threads: 1, worker: FIXTURE, ...opts });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Settles to "pending" when `promise` has not settled yet. */
const state = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => "resolved",
      () => "rejected",
    ),
    Promise.resolve("pending"),
  ]);

/** Waits (on the event loop, no timer) until `check` holds. */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

/** A gate for the fixture's `wait` task: the task runs until `open`. */
function gate() {
  const cells = new Int32Array(new SharedArrayBuffer(8));
  return {
    cells,
    /** Resolves once the task is running on a worker. */
    entered: async () => {
      // Atomics.waitAsync is ES2024; the project's TypeScript lib is ES2023 (as in pool.ts).
      const waited = (
        Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number): { async: boolean; value: unknown } }
      ).waitAsync(cells, 1, 0);
      if (waited.async) await waited.value;
    },
    open: () => {
      Atomics.store(cells, 0, 1);
      Atomics.notify(cells, 0);
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

describe("CpuPool", () => {
  it("runs a task in a worker thread and returns its result", async () => {
    const p = pool();
    expect(await p.run("echo", { value: "hello" })).toEqual({ value: "hello", thread: "worker" });
  });

  it("keeps the main thread free while a task spins", async () => {
    const p = pool();
    const spinning = p.run("spin", { ms: Number.POSITIVE_INFINITY });
    spinning.catch(() => {});
    // Timers and I/O on this thread go on while the worker loops.
    for (let i = 0; i < 5; i++) await sleep(20);
    expect(await state(spinning)).toBe("pending");
  });

  it("stops a task past its time limit with a 422 and keeps serving", async () => {
    const p = pool({ timeLimitMs: 200 });
    const err = await rejection(p.run("spin", { ms: Number.POSITIVE_INFINITY }));
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).message).toMatch(/took too long to process \(over 200 ms\)/);
    expect(await p.run("echo", { value: "after" })).toMatchObject({ value: "after" });
  });

  it("counts the time limit from when a worker starts the task, not while it waits", async () => {
    // The pool's clocks are fake here, moved by the test: nothing depends on how fast the machine is.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const p = pool({ timeLimitMs: 1000 });
      const a = gate();
      const b = gate();
      const first = rejection(p.run("wait", { gate: a.cells }));
      const second = p.run("wait", { gate: b.cells });
      await a.entered();
      await until(() => p.warm); // the first task's clock has started
      // Five limits pass: the first is stopped; the second has waited all that time for the only worker.
      vi.advanceTimersByTime(5000);
      const stopped = await first;
      expect(stopped).toBeInstanceOf(AppError);
      expect((stopped as AppError).status).toBe(422);
      // The second starts on the replaced worker (or, were its clock started while it waited, fails now).
      await Promise.race([b.entered(), second]);
      b.open();
      expect(await second).toBe("released"); // its clock started when it did, so it is within its limit
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 503 at once when the queue is full, and after waiting too long for a worker", async () => {
    const p = pool({ maxQueue: 1, maxWaitMs: 300 });
    const running = p.run("spin", { ms: Number.POSITIVE_INFINITY });
    running.catch(() => {});
    // Wait until the spin runs on the only worker, so the next task queues behind it.
    while (!p.warm || p.queued > 0) await sleep(10);
    const queued = p.run("echo", { value: "queued" });
    const full = await rejection(p.run("echo", { value: "one too many" }));
    expect((full as AppError).status).toBe(503);
    expect((full as AppError).message).toMatch(/busy/);
    const waited = await rejection(queued);
    expect((waited as AppError).status).toBe(503);
  });

  it("lets a cold pool's first task wait for its worker to boot, however short the wait for a busy one", async () => {
    const p = pool({ maxWaitMs: 1 });
    expect(await p.run("echo", { value: "booted" })).toMatchObject({ value: "booted" });
    expect(p.warm).toBe(true);
  });

  it("cancels a running task when the caller's signal aborts", async () => {
    const p = pool();
    const controller = new AbortController();
    const spinning = p.run("spin", { ms: Number.POSITIVE_INFINITY }, { signal: controller.signal });
    await until(() => p.warm); // running on its worker
    controller.abort();
    expect(await rejection(spinning)).toBeInstanceOf(CpuTaskCancelled);
    expect(await p.run("echo", { value: "next" })).toMatchObject({ value: "next" });
  });

  it("answers a stack overflow inside the task with a 422", async () => {
    const err = await rejection(pool().run("overflow", null));
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).message).toMatch(/nested too deeply/);
  });

  it("answers a task's refusal of its input with a 422 and the task's message", async () => {
    const err = await rejection(pool().run("refuse", { message: "Flatten the lists." }));
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).message).toBe("Flatten the lists.");
  });

  it("passes any other failure of the task through unchanged", async () => {
    const err = await rejection(pool().run("fail", { message: "broken rule" }));
    expect(err).not.toBeInstanceOf(AppError);
    expect((err as Error).message).toBe("broken rule");
  });

  it("keeps a worker free for other users while one user's tasks hold theirs (issue 26)", async () => {
    // The attack, without timing: six tasks of one user that never finish until the test says so,
    // on a pool of two threads. Before the fair share both workers took the attacker's tasks and
    // everyone else's work queued behind all six.
    const p = pool({ threads: 2 });
    const gates = Array.from({ length: 6 }, gate);
    const attack = gates.map((g) => p.run("wait", { gate: g.cells }, { owner: "attacker" }));
    await (gates[0] as ReturnType<typeof gate>).entered();
    expect(await p.run("echo", { value: "mine" }, { owner: "someone else" })).toMatchObject({ value: "mine" });
    // The attacker still has one task in flight and five waiting.
    expect(await Promise.all(attack.map(state))).toEqual(Array(6).fill("pending"));
    expect(p.queued).toBe(5);
    for (const g of gates) g.open();
    expect(await Promise.all(attack)).toEqual(Array(6).fill("released"));
  });

  it("refuses a user's CPU work with a 429 after two of their tasks ran past the limit, not anyone else's", async () => {
    const p = pool({ timeLimitMs: 100, threads: 2 });
    for (let i = 0; i < 2; i++) {
      const err = await rejection(p.run("spin", { ms: Number.POSITIVE_INFINITY }, { owner: "attacker" }));
      expect((err as AppError).status).toBe(422);
    }
    const refused = await rejection(p.run("echo", { value: "third" }, { owner: "attacker" }));
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).message).toMatch(
      /^Too many of your texts took too long to process\. Try again in 1 minute/,
    );
    const retryAfter = (refused as AppError).details?.retryAfter as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await p.run("echo", { value: "other" }, { owner: "someone else" })).toMatchObject({ value: "other" });
  });

  it("refuses the attacker's queued tasks once their running ones overran", async () => {
    const p = pool({ timeLimitMs: 100, threads: 1 });
    const tasks = Array.from({ length: 4 }, () =>
      rejection(p.run("spin", { ms: Number.POSITIVE_INFINITY }, { owner: "attacker" })),
    );
    const statuses = (await Promise.all(tasks)).map((err) => (err as AppError).status);
    expect(statuses).toEqual([422, 422, 429, 429]);
  });
});
