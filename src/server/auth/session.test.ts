// The session cache: one lookup per credential at a time, cached unless forgotten meanwhile; and
// through the API, a burst of requests on a cold session makes one Better Auth lookup.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../shared/auth";
import { describeEachDatabase } from "../testing/databases";
import { createTestApp, type TestApp } from "../testing/test-app";
import { SessionCache } from "./session";

const ada: SessionUser = {
  id: "ada",
  email: "ada@example.com",
  username: "ada",
  name: "Ada",
  role: "user",
  image: null,
  emailVerified: true,
};

/** A lookup the test finishes when it wants, counting its calls. */
function controlledFind() {
  let finish!: (user: SessionUser | null) => void;
  let fail!: (err: Error) => void;
  const find = vi.fn(
    () =>
      new Promise<SessionUser | null>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      }),
  );
  return { find, finish: (u: SessionUser | null) => finish(u), fail: (e: Error) => fail(e) };
}

describe("SessionCache.lookUp", () => {
  it("shares one lookup among concurrent requests with the same credential, then answers from the cache", async () => {
    const cache = new SessionCache();
    const { find, finish } = controlledFind();
    const answers = Promise.all([cache.lookUp("b:1", find), cache.lookUp("b:1", find), cache.lookUp("b:1", find)]);
    expect(find).toHaveBeenCalledTimes(1);
    finish(ada);
    expect(await answers).toEqual([ada, ada, ada]);
    expect(cache.get("b:1")).toEqual(ada);
    const other = controlledFind();
    const second = cache.lookUp("b:2", other.find); // another credential: its own lookup
    expect(other.find).toHaveBeenCalledTimes(1);
    other.finish(null);
    expect(await second).toBeNull();
    expect(cache.get("b:2")).toBeNull();
  });

  it("does not cache what a lookup found after its credential was forgotten or the cache cleared", async () => {
    const cache = new SessionCache();
    const first = controlledFind();
    const pending = cache.lookUp("b:tok", first.find);
    cache.forget(new Headers({ authorization: "tok" })); // signed out while it was looked up
    const second = controlledFind();
    const fresh = cache.lookUp("b:tok", second.find); // a new lookup, not the forgotten one
    expect(second.find).toHaveBeenCalledTimes(1);
    first.finish(ada);
    expect(await pending).toEqual(ada);
    expect(cache.get("b:tok")).toBeUndefined();
    second.finish(null);
    expect(await fresh).toBeNull();
    expect(cache.get("b:tok")).toBeNull();

    const third = controlledFind();
    const cleared = cache.lookUp("b:x", third.find);
    cache.clear();
    third.finish(ada);
    expect(await cleared).toEqual(ada);
    expect(cache.get("b:x")).toBeUndefined();
  });

  it("caches nothing when the lookup fails, and the next request looks up again", async () => {
    const cache = new SessionCache();
    const failing = controlledFind();
    const attempt = cache.lookUp("b:1", failing.find);
    failing.fail(new Error("database gone"));
    await expect(attempt).rejects.toThrow("database gone");
    expect(cache.get("b:1")).toBeUndefined();
    const retry = controlledFind();
    const again = cache.lookUp("b:1", retry.find);
    expect(retry.find).toHaveBeenCalledTimes(1);
    retry.finish(ada);
    expect(await again).toEqual(ada);
  });
});

describeEachDatabase("a burst on a cold session", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind });
  });
  afterAll(() => t.close());

  it("makes one Better Auth lookup for 20 concurrent requests, each answered as the user", async () => {
    const me = await t.signUp(`burst-${kind}@example.com`);
    t.deps.sessionCache.clear();
    const lookups = vi.spyOn(t.deps.auth.api, "getSession");
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.app.request("/api/billing/credits", { headers: me.headers })),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ availableCredits: number }>));
      expect(new Set(bodies.map((b) => b.availableCredits)).size).toBe(1);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });
});
