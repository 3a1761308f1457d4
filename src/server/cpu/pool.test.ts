import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
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
    const p = pool({ timeLimitMs: 2000 });
    const first = p.run("spin", { ms: 2500 }).catch((e) => e);
    const second = p.run("spin", { ms: 500 });
    // The second waited 2.5 s for the only worker, then ran 0.5 s: within its 2 s.
    expect(typeof (await second)).toBe("number");
    expect(await first).toBeInstanceOf(AppError);
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
    await sleep(50);
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
});
