import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearPendingRequest,
  readLastPrompt,
  readPendingRequest,
  readResult,
  savePendingRequest,
  saveResult,
  setInsufficientCreditsFlag,
  takeInsufficientCreditsFlag,
} from "./pending-request";

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

describe("the landing → Results hand-off", () => {
  beforeEach(() => vi.stubGlobal("window", { sessionStorage: new MemoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it("saves {mode, text, aiProvider}, trimmed and cut to 5000 characters", () => {
    const saved = savePendingRequest(`  ${"a".repeat(6000)}  `, "anthropic");
    expect(saved.mode).toBe("generate");
    expect(saved.text).toHaveLength(5000);
    expect(readPendingRequest()).toEqual(saved);
    expect(readLastPrompt()).toEqual({ text: saved.text, aiProvider: "anthropic" });
  });

  it("keeps a result for its own request only, and clears with the request", () => {
    const a = savePendingRequest("A post", "openai");
    saveResult(a.id, { draft: "# A" });
    expect(readResult(a.id)).toEqual({ draft: "# A" });
    const b = savePendingRequest("B post", "openai");
    expect(readResult(a.id)).toBeNull();
    expect(readResult(b.id)).toBeNull();
    clearPendingRequest();
    expect(readPendingRequest()).toBeNull();
    expect(readLastPrompt()?.text).toBe("B post");
  });

  it("the insufficient-credits flag is read once", () => {
    expect(takeInsufficientCreditsFlag()).toBeNull();
    setInsufficientCreditsFlag({ required: 12, available: 3 });
    expect(takeInsufficientCreditsFlag()).toEqual({ required: 12, available: 3 });
    expect(takeInsufficientCreditsFlag()).toBeNull();
  });

  it("works without storage at all", () => {
    vi.stubGlobal("window", {});
    expect(() => savePendingRequest("x", "openai")).not.toThrow();
    expect(readPendingRequest()).toBeNull();
  });
});
