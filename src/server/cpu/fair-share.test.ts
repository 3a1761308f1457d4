// The fair share's two parts on their own: which task gets a freed slot, how many one owner may
// hold, and when an owner's overruns block them. No threads, no timers: the clock is an argument.
import { describe, expect, it } from "vitest";
import { FairQueue, FairQueueAborted, OverrunLimiter } from "./fair-share";

/** "pending" when `promise` has not settled by the next turn of the event loop. */
async function state(promise: Promise<unknown>): Promise<string> {
  let settled = "pending";
  promise.then(
    () => {
      settled = "granted";
    },
    () => {
      settled = "rejected";
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

/** Acquires for each owner in order; records the order in which they are granted. */
function enqueue(q: FairQueue, owners: string[], granted: string[]) {
  return owners.map((owner, i) =>
    q.acquire(owner).then((release) => {
      granted.push(`${owner}${i}`);
      return release;
    }),
  );
}

describe("FairQueue", () => {
  it("holds one owner to its own limit while other owners' tasks take the free slots", async () => {
    const q = new FairQueue({ slots: 2, perOwner: 1 });
    const granted: string[] = [];
    // The attack: six tasks from one owner, then one from someone else.
    const tasks = enqueue(q, ["a", "a", "a", "a", "a", "a", "b"], granted);
    await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toEqual(["a0", "b6"]);
    expect(q.active).toBe(2);
    expect(q.activeOf("a")).toBe(1);
    expect(q.queued).toBe(5);
    expect(await state(tasks[1] as Promise<unknown>)).toBe("pending");
  });

  it("serves waiting owners in turn, not in arrival order", async () => {
    const q = new FairQueue({ slots: 1, perOwner: 1 });
    const granted: string[] = [];
    const first = await q.acquire("x");
    const done = ["a", "a", "a", "b", "b", "c"].map((owner, i) =>
      q.acquire(owner).then((release) => {
        granted.push(`${owner}${i}`);
        release();
      }),
    );
    first();
    await Promise.all(done);
    expect(granted).toEqual(["a0", "b3", "c5", "a1", "b4", "a2"]);
    expect(q.active).toBe(0);
    expect(q.queued).toBe(0);
  });

  it("lets one owner use every slot when nobody else is waiting, up to its own limit", async () => {
    const q = new FairQueue({ slots: 4, perOwner: 2 });
    const granted: string[] = [];
    enqueue(q, ["a", "a", "a"], granted);
    await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toEqual(["a0", "a1"]);
    expect(q.active).toBe(2);
  });

  it("gives a freed slot of an owner at its limit to the next owner, and releases only once", async () => {
    const q = new FairQueue({ slots: 2, perOwner: 1 });
    const a = await q.acquire("a");
    const waitingA = q.acquire("a");
    const b = await q.acquire("b");
    const c = q.acquire("c");
    b();
    b(); // a second call changes nothing
    expect(await state(c)).toBe("granted");
    expect(await state(waitingA)).toBe("pending");
    expect(q.active).toBe(2);
    a();
    expect(await state(waitingA)).toBe("granted");
  });

  it("drops a waiting task whose signal aborts, without a slot", async () => {
    const q = new FairQueue({ slots: 1, perOwner: 1 });
    const held = await q.acquire("a");
    const stop = new AbortController();
    const waiting = q.acquire("b", stop.signal);
    const after = q.acquire("c");
    stop.abort("waited");
    await expect(waiting).rejects.toBeInstanceOf(FairQueueAborted);
    expect(q.queued).toBe(1);
    held();
    expect(await state(after)).toBe("granted");
    await expect(q.acquire("d", AbortSignal.abort())).rejects.toBeInstanceOf(FairQueueAborted);
  });
});

describe("OverrunLimiter", () => {
  it("blocks an owner after two overruns within a minute, until the older one leaves the window", () => {
    const limit = new OverrunLimiter({ max: 2, windowMs: 60_000 });
    limit.record("a", 1_000);
    expect(limit.blockedFor("a", 1_500)).toBe(0);
    limit.record("a", 11_000);
    expect(limit.blockedFor("a", 11_000)).toBe(50);
    expect(limit.blockedFor("b", 11_000)).toBe(0);
    expect(limit.blockedFor("a", 60_500)).toBe(1);
    expect(limit.blockedFor("a", 61_000)).toBe(0);
  });

  it("forgets overruns older than the window", () => {
    const limit = new OverrunLimiter({ max: 2, windowMs: 60_000 });
    limit.record("a", 0);
    limit.record("a", 70_000);
    expect(limit.blockedFor("a", 70_000)).toBe(0);
    limit.record("a", 80_000);
    expect(limit.blockedFor("a", 80_000)).toBe(50);
  });

  it("remembers a bounded number of owners, forgetting the least recent first", () => {
    const limit = new OverrunLimiter({ max: 1, windowMs: 60_000, maxOwners: 2 });
    limit.record("a", 0);
    limit.record("b", 0);
    limit.record("c", 0);
    expect(limit.blockedFor("a", 1)).toBe(0);
    expect(limit.blockedFor("b", 1)).toBe(60);
    expect(limit.blockedFor("c", 1)).toBe(60);
  });
});
