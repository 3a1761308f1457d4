// An early GET's answer is taken once by the first read of its URL; dropped ones go to the network.
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost } from "./api";
import { dropEarlyGets, startEarlyGet, startEarlyPost, startSessionReads } from "./early-get";

afterEach(() => {
  vi.unstubAllGlobals();
  dropEarlyGets();
});

describe("early GETs", () => {
  it("serve the first read of their URL, then reads go to the network; dropped ones are never served", async () => {
    let n = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ n: ++n }), { headers: { "content-type": "application/json" } })),
    );
    startEarlyGet("/api/account");
    startEarlyGet("/api/account");
    startEarlyGet("/api/documents/x");
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await apiGet("/api/account")).toEqual({ n: 1 });
    expect(await apiGet("/api/account")).toEqual({ n: 3 });
    dropEarlyGets();
    expect(await apiGet("/api/documents/x")).toEqual({ n: 4 });
  });

  it("hand a failed answer to the read as an ApiError, as a direct read would", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"error":"Unauthorized"}', { status: 401 })),
    );
    startEarlyGet("/api/account");
    await expect(apiGet("/api/account")).rejects.toMatchObject({ status: 401 });
  });

  it("serve a body-less POST (apiPost(url)) once, never a POST with a body of its own", async () => {
    let n = 0;
    const calls: RequestInit[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(init);
        return new Response(JSON.stringify({ n: ++n }), { headers: { "content-type": "application/json" } });
      }),
    );
    startEarlyPost("/api/auth/verify");
    expect(calls[0]).toMatchObject({ method: "POST", body: "{}", credentials: "include" });
    expect(await apiPost("/api/auth/verify", { idToken: "t" })).toEqual({ n: 2 });
    expect(await apiPost("/api/auth/verify")).toEqual({ n: 1 });
    expect(await apiPost("/api/auth/verify")).toEqual({ n: 3 });
  });
});

describe("the session check and the signed-in reads (startSessionReads)", () => {
  /** A fetch that answers the session check with `user` (or no user) and every other call with 401 or its count. */
  function stubServer(user: { id: string } | null, otherStatus: number) {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (url === "/api/auth/get-session") return Response.json(user ? { user } : null);
        return otherStatus === 200
          ? Response.json({ n: calls.length })
          : Response.json({ error: "no" }, { status: 401 });
      }),
    );
    return calls;
  }
  const SIGNED_IN_READS = ["POST /api/auth/verify", "GET /api/billing/credits", "GET /api/documents"];

  it("hinted: the signed-in reads start beside the session check, once, and serve the app", async () => {
    const calls = stubServer({ id: "u1" }, 200);
    const decided = startSessionReads(["/api/documents"], true);
    expect(calls).toEqual(["GET /api/auth/get-session", ...SIGNED_IN_READS]);
    expect(await apiGet("/api/billing/credits")).toEqual({ n: 3 }); // taken before the session answer
    await decided;
    expect(calls).toHaveLength(4); // and not sent a second time when the answer came
  });

  it("hinted by a stale cookie: the 401s are dropped once the answer names no user", async () => {
    const calls = stubServer(null, 401);
    await startSessionReads(["/api/documents"], true);
    expect(calls).toEqual(["GET /api/auth/get-session", ...SIGNED_IN_READS]);
    // A sign-in made on this page (a popup's sets only the cookie) now reads the network, not the 401s.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ fresh: true })),
    );
    expect(await apiPost("/api/auth/verify")).toEqual({ fresh: true });
    expect(await apiGet("/api/billing/credits")).toEqual({ fresh: true });
  });

  it("not hinted: the signed-in reads wait for an answer that names a user", async () => {
    const calls = stubServer({ id: "u1" }, 200);
    const decided = startSessionReads([], false);
    expect(calls).toEqual(["GET /api/auth/get-session"]);
    await decided;
    expect(calls).toEqual(["GET /api/auth/get-session", "POST /api/auth/verify", "GET /api/billing/credits"]);

    dropEarlyGets();
    const signedOut = stubServer(null, 200);
    await startSessionReads([], false);
    expect(signedOut).toEqual(["GET /api/auth/get-session"]);
  });
});
