import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { MemoRouter } from "./router";

const routes = (app: Hono) =>
  app
    .use("/api/*", async (c, next) => {
      c.header("x-mw", "1");
      await next();
    })
    .get("/api/documents/:id", (c) => c.text(`doc ${c.req.param("id")}`))
    .post("/api/connections/:id/verify", (c) => c.text(`verify ${c.req.param("id")}`))
    .get("/api/seo-*", (c) => c.text("seo"))
    .get("*", (c) => c.text("page", 404));

describe("MemoRouter", () => {
  it("answers as Hono's own router does, the second time from memory (params included)", async () => {
    const plain = routes(new Hono());
    const memo = routes(new Hono({ router: new MemoRouter() }));
    const asks: [string, string][] = [
      ["GET", "/api/documents/a1"],
      ["GET", "/api/documents/b2"],
      ["POST", "/api/connections/c3/verify"],
      ["GET", "/api/seo-report"],
      ["GET", "/some/page"],
      ["POST", "/api/documents/a1"],
    ];
    for (let round = 0; round < 2; round++)
      for (const [method, path] of asks) {
        const [a, b] = [await plain.request(path, { method }), await memo.request(path, { method })];
        expect([method, path, b.status, await b.text(), b.headers.get("x-mw")]).toEqual([
          method,
          path,
          a.status,
          await a.text(),
          a.headers.get("x-mw"),
        ]);
      }
  });

  it("keeps at most maxEntries answers, and forgets them all when a route is added", () => {
    const router = new MemoRouter<string>(undefined, 2);
    router.add("GET", "/a/:id", "a");
    const first = router.match("GET", "/a/1");
    expect(router.match("GET", "/a/1")).toBe(first);
    router.match("GET", "/a/2");
    router.match("GET", "/a/3"); // full: emptied, then this one kept
    expect(router.match("GET", "/a/1")).not.toBe(first);
  });
});
