// @vitest-environment happy-dom
// The public answers a page is sent with (server/app.ts) seed the queries before the app renders.
import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";

const load = async () => {
  vi.resetModules();
  return import("./page-data");
};

describe("page data", () => {
  beforeEach(() => {
    document.body.innerHTML = "";
  });

  it("seeds the query on each answer's URL", async () => {
    const writers = { openai: { writer: "offline", model: "offline-writer" }, anthropic: null };
    document.body.innerHTML = `<script type="application/json" id="page-data">${JSON.stringify({ "/api/writers": writers })}</script>`;
    const { pageData, seedPageData } = await load();
    const client = new QueryClient();
    seedPageData(client);
    expect(client.getQueryData(["/api/writers"])).toEqual(writers);
    expect(Object.keys(pageData())).toEqual(["/api/writers"]);
  });

  it("carries nothing when the page has no answers, or they are not an object of answers", async () => {
    for (const body of [
      "",
      '<script type="application/json" id="page-data">{not json</script>',
      '<script type="application/json" id="page-data">[1]</script>',
    ]) {
      document.body.innerHTML = body;
      const { pageData, seedPageData } = await load();
      const client = new QueryClient();
      seedPageData(client);
      expect(pageData()).toEqual({});
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    }
  });
});
