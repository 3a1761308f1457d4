import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { COMPRESS_THRESHOLD, compressApi, pickEncoding } from "./compress";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: "some repeated text" })) };
const app = new Hono()
  .use(compressApi())
  .get("/big", (c) => c.json(big))
  .get("/small", (c) => c.json({ ok: true }))
  .get("/stream", (c) => c.body("data: x\n\n".repeat(500), 200, { "content-type": "text/event-stream" }));

describe("compressApi", () => {
  it("picks brotli, else gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it("compresses a large JSON answer with the accepted encoding, with Vary", async () => {
    for (const [accept, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const res = await app.request("/big", { headers: { "accept-encoding": accept } });
      expect(res.headers.get("content-encoding")).toBe(accept);
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      const body = Buffer.from(await res.arrayBuffer());
      expect(JSON.parse(decode(body).toString())).toEqual(big);
    }
  });

  it("leaves small answers, event streams and clients without Accept-Encoding alone (Vary still set)", async () => {
    const small = await app.request("/small", { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(JSON.stringify(await small.json()).length).toBeLessThan(COMPRESS_THRESHOLD);
    const plain = await app.request("/big");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(await plain.json()).toEqual(big);
    const stream = await app.request("/stream", { headers: { "accept-encoding": "br" } });
    expect(stream.headers.get("content-encoding")).toBeNull();
  });
});
