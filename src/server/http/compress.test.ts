import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { serveOnLoopback } from "../testing/loopback";
import { COMPRESS_THRESHOLD, compressApi, pickEncoding } from "./compress";

// zlib as it is, with the compressions spied on: the API's must be the async ones (thread pool),
// and a test can hold one back to see that the server answers meanwhile.
const zlib = vi.hoisted(() => ({ gate: null as Promise<void> | null, started: [] as (() => void)[] }));
vi.mock("node:zlib", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:zlib")>();
  const held =
    <F extends (...args: never[]) => void>(fn: F) =>
    (...args: Parameters<F>) => {
      for (const started of zlib.started.splice(0)) started();
      if (zlib.gate) void zlib.gate.then(() => fn(...args));
      else fn(...args);
    };
  return {
    ...real,
    brotliCompress: vi.fn(held(real.brotliCompress as (...args: never[]) => void)),
    gzip: vi.fn(held(real.gzip as (...args: never[]) => void)),
    brotliCompressSync: vi.fn(real.brotliCompressSync),
    gzipSync: vi.fn(real.gzipSync),
  };
});
const { brotliCompress, brotliCompressSync, gzip, gzipSync } = await import("node:zlib");

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: "some repeated text" })) };
/** What the handler returned and what left the middleware, per path. */
const given = new Map<string, Response>();
const sent = new Map<string, Response>();
const app = new Hono()
  .use(async (c, next) => {
    await next();
    sent.set(c.req.path, c.res);
  })
  .use(compressApi())
  .get("/big", (c) => c.json(big))
  .get("/small", (c) => {
    const res = c.json({ ok: true });
    given.set("/small", res);
    return res;
  })
  .get("/small-sized", () => {
    const res = new Response('{"ok":true}', {
      headers: { "content-type": "application/json", "content-length": "11" },
    });
    given.set("/small-sized", res);
    return res;
  })
  .get("/precompressed", (c) => {
    const res = c.body(new Uint8Array(4096), 200, { "content-type": "application/json", "content-encoding": "br" });
    given.set("/precompressed", res);
    return res;
  })
  .get("/health", (c) => c.json({ status: "ok" }))
  .get("/stream", (c) => c.body("data: x\n\n".repeat(500), 200, { "content-type": "text/event-stream" }));

beforeEach(() => {
  vi.mocked(brotliCompress).mockClear();
  vi.mocked(gzip).mockClear();
  vi.mocked(brotliCompressSync).mockClear();
  vi.mocked(gzipSync).mockClear();
  given.clear();
  sent.clear();
});

describe("compressApi", () => {
  it("picks brotli, else gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it("compresses a large JSON answer with the accepted encoding, with Vary, on the thread pool", async () => {
    for (const [accept, decode, async] of [
      ["br", brotliDecompressSync, brotliCompress],
      ["gzip", gunzipSync, gzip],
    ] as const) {
      const res = await app.request("/big", { headers: { "accept-encoding": accept } });
      expect(res.headers.get("content-encoding")).toBe(accept);
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      const body = Buffer.from(await res.arrayBuffer());
      expect(JSON.parse(decode(body).toString())).toEqual(big);
      expect(async).toHaveBeenCalledTimes(1);
    }
    expect(brotliCompressSync).not.toHaveBeenCalled();
    expect(gzipSync).not.toHaveBeenCalled();
  });

  it("leaves small answers, event streams and clients without Accept-Encoding alone (no Vary: identity suits every client)", async () => {
    const small = await app.request("/small", { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(JSON.stringify(await small.json()).length).toBeLessThan(COMPRESS_THRESHOLD);
    const plain = await app.request("/big");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBeNull();
    expect(await plain.json()).toEqual(big);
    const stream = await app.request("/stream", { headers: { "accept-encoding": "br" } });
    expect(stream.headers.get("content-encoding")).toBeNull();
    expect(brotliCompress).not.toHaveBeenCalled();
  });

  it("passes a small answer of known size, or one already encoded, through unread: the same Response", async () => {
    for (const path of ["/small-sized", "/precompressed"]) {
      const res = await app.request(path, { headers: { "accept-encoding": "br, gzip" } });
      expect(sent.get(path)).toBe(given.get(path));
      expect(given.get(path)?.bodyUsed).toBe(false);
      expect(res.headers.get("content-encoding")).toBe(path === "/precompressed" ? "br" : null);
    }
    expect(brotliCompress).not.toHaveBeenCalled();
  });

  it("answers other requests while a large answer is being compressed", async () => {
    let release = () => {};
    zlib.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const compressing = new Promise<void>((resolve) => zlib.started.push(resolve));
      let bigDone = false;
      const bigRes = Promise.resolve(app.request("/big", { headers: { "accept-encoding": "br" } })).then((res) => {
        bigDone = true;
        return res;
      });
      // The large answer is in the async compressor, held there (one finished without it fails here).
      await Promise.race([
        compressing,
        bigRes.then(() => {
          throw new Error("the large answer was sent without the async compressor");
        }),
      ]);
      const health = await app.request("/health", { headers: { "accept-encoding": "br" } });
      expect(await health.json()).toEqual({ status: "ok" });
      expect(bigDone).toBe(false);
      release();
      const res = await bigRes;
      expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
    } finally {
      zlib.gate = null;
      release();
    }
  });
});

describe("compressApi behind @hono/node-server", () => {
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    ({ url, close } = await serveOnLoopback(app.fetch));
  });
  afterAll(() => close());

  it("sends a small JSON answer as the handler made it (never read or copied) and compresses a large one", async () => {
    const small = await fetch(`${url}/small`, { headers: { "accept-encoding": "br" } });
    expect(await small.json()).toEqual({ ok: true });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBeNull();
    expect(sent.get("/small")).toBe(given.get("/small"));
    // Its headers were read where the handler left them: still a plain object, not a Headers object
    // (which would send the answer down the server's slower path).
    const response = given.get("/small") as Response;
    const cacheKey = Object.getOwnPropertySymbols(response).find((s) => s.description === "cache");
    const kept = (response as unknown as Record<symbol, unknown[]>)[cacheKey as symbol];
    expect(Object.getPrototypeOf(kept[2])).toBe(Object.prototype);
    expect(Object.values(kept[2] as object)).toEqual(["application/json"]);

    const large = await fetch(`${url}/big`, { headers: { "accept-encoding": "gzip" } });
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(large.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await large.json()).toEqual(big); // fetch decodes it
    expect(gzip).toHaveBeenCalledTimes(1);
  });
});
