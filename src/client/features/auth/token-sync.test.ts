// Token sync's rules with an injected clock and fetch: POST with the bearer on each new token while
// it is under 5 minutes old, DELETE on sign-out, only to a same-origin URL from a secure page, in order.
import { describe, expect, it } from "vitest";
import { createTokenSync, syncTarget, TOKEN_SYNC_MAX_AGE_MS, type TokenSyncOptions } from "./token-sync";

const ORIGIN = "https://app.example";

/** A sync against a fake fetch that records each call; `clock.now` is the time the code reads. */
function harness(overrides: Partial<TokenSyncOptions> = {}) {
  const calls: Array<{ url: string; method: string; authorization?: string }> = [];
  const clock = { now: 1_000_000 };
  const sync = createTokenSync({
    url: async () => "/auth/sync",
    fetch: async (url, init) => {
      const headers = new Headers(init.headers);
      calls.push({ url, method: String(init.method), authorization: headers.get("authorization") ?? undefined });
      return new Response(null, { status: 204 });
    },
    now: () => clock.now,
    isSecureContext: true,
    origin: ORIGIN,
    ...overrides,
  });
  return { sync, calls, clock };
}

describe("token sync", () => {
  it("POSTs each new token with a bearer header, once, and DELETEs on sign-out", async () => {
    const { sync, calls } = harness();
    await sync.changed("tok-1");
    await sync.changed("tok-1");
    await sync.changed("tok-2");
    await sync.changed(null);
    await sync.changed(null);
    expect(calls).toEqual([
      { url: `${ORIGIN}/auth/sync`, method: "POST", authorization: "Bearer tok-1" },
      { url: `${ORIGIN}/auth/sync`, method: "POST", authorization: "Bearer tok-2" },
      { url: `${ORIGIN}/auth/sync`, method: "DELETE", authorization: undefined },
    ]);
  });

  it("sends a token under 5 minutes old, never an older one", async () => {
    const { sync, calls, clock } = harness();
    const issued = clock.now;
    clock.now = issued + TOKEN_SYNC_MAX_AGE_MS - 1;
    await sync.changed("fresh", issued);
    clock.now = issued + TOKEN_SYNC_MAX_AGE_MS;
    await sync.changed("stale", issued);
    expect(calls.map((c) => c.authorization)).toEqual(["Bearer fresh"]);
  });

  it("judges the age when it sends: a token that waited 5 minutes for the setting is not sent", async () => {
    let answer: (url: string) => void = () => undefined;
    const setting = new Promise<string>((resolve) => {
      answer = resolve;
    });
    const { sync, calls, clock } = harness({ url: () => setting });
    const sent = sync.changed("slow");
    clock.now += TOKEN_SYNC_MAX_AGE_MS;
    answer("/auth/sync");
    await sent;
    expect(calls).toEqual([]);
  });

  it("DELETEs on a sign-out even when this tab never held a token (a reload keeps only the cookie)", async () => {
    const { sync, calls } = harness();
    await sync.changed(null);
    expect(calls).toEqual([{ url: `${ORIGIN}/auth/sync`, method: "DELETE", authorization: undefined }]);
  });

  it("does nothing without the setting, outside a secure context, or towards another origin", async () => {
    for (const overrides of [
      { url: async () => null },
      { url: async () => undefined },
      { isSecureContext: false },
      { url: async () => "https://elsewhere.example/sync" },
      { url: async () => "//elsewhere.example/sync" },
      { url: async () => "http://app.example/sync" }, // another scheme is another origin
    ] satisfies Partial<TokenSyncOptions>[]) {
      const { sync, calls } = harness(overrides);
      await sync.changed("tok");
      await sync.changed(null);
      expect(calls, JSON.stringify(overrides)).toEqual([]);
    }
  });

  it("does not even ask for the setting outside a secure context", async () => {
    let asked = 0;
    const { sync } = harness({
      isSecureContext: false,
      url: async () => {
        asked += 1;
        return "/auth/sync";
      },
    });
    await sync.changed("tok");
    expect(asked).toBe(0);
  });

  it("asks for the setting once, and again after the answer failed", async () => {
    let asked = 0;
    const { sync, calls } = harness({
      url: async () => {
        asked += 1;
        if (asked === 1) throw new Error("offline");
        return "/auth/sync";
      },
    });
    await sync.changed("a");
    await sync.changed("b");
    await sync.changed("c");
    expect(asked).toBe(2);
    expect(calls.map((c) => c.authorization)).toEqual(["Bearer b", "Bearer c"]);
  });

  it("sends in order, a slow POST before the DELETE after it, and carries on after a failure", async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sync } = harness({
      fetch: async (_url, init) => {
        const what = `${init.method} ${new Headers(init.headers).get("authorization") ?? ""}`.trim();
        if (what.endsWith("tok-1")) await slow;
        if (what.endsWith("tok-2")) throw new TypeError("network down");
        order.push(what);
        return new Response(null);
      },
    });
    const first = sync.changed("tok-1");
    const second = sync.changed("tok-2");
    const third = sync.changed(null);
    release();
    await Promise.all([first, second, third]);
    expect(order).toEqual(["POST Bearer tok-1", "DELETE"]);
  });
});

describe("syncTarget", () => {
  const page = { isSecureContext: true, origin: ORIGIN };
  it("resolves a path against the page and keeps a same-origin URL", () => {
    expect(syncTarget("/sync?x=1", page)).toBe(`${ORIGIN}/sync?x=1`);
    expect(syncTarget(`${ORIGIN}/sync`, page)).toBe(`${ORIGIN}/sync`);
    expect(syncTarget("https://app.example:8443/sync", page)).toBeNull();
    expect(syncTarget("/sync", { ...page, isSecureContext: false })).toBeNull();
  });
});
