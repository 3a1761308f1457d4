// A parser that failed to load (the network) is not remembered as failed: the next draft tries again.
import { describe, expect, it, vi } from "vitest";

describe("loadDraftParser after a failed load", () => {
  it("rejects once, then loads on the next call", async () => {
    vi.doMock("./draft-parser", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { loadDraftParser } = await import("./use-draft-parser");
    await expect(loadDraftParser()).rejects.toThrow();
    vi.doUnmock("./draft-parser");
    const parse = await loadDraftParser();
    expect(parse("*x*").children[0]).toMatchObject({ type: "paragraph" });
  });
});
