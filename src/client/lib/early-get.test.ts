// An early GET's answer is taken once by the first read of its URL; dropped ones go to the network.
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost } from "./api";
import { dropEarlyGets, startEarlyGet, startEarlyPost } from "./early-get";

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
