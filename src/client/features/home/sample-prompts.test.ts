import { describe, expect, it } from "vitest";
import { PROMPT_MAX_CHARS } from "../../../shared/limits";
import { DEFAULT_PROMPT, QUICK_STARTERS, starterPrompt } from "./sample-prompts";

describe("quick starters", () => {
  it("are Prompt, Guide and Explain, with five distinct prompts each", () => {
    expect(QUICK_STARTERS.map((s) => s.label)).toEqual(["Prompt", "Guide", "Explain"]);
    const all = QUICK_STARTERS.flatMap((s) => s.prompts);
    expect(all).toHaveLength(15);
    expect(new Set(all).size).toBe(15);
    for (const p of [...all, DEFAULT_PROMPT]) {
      expect(p.length).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
      expect(p.trim()).toBe(p);
    }
  });

  it("cycle on repeated clicks", () => {
    const guide = QUICK_STARTERS[1];
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => starterPrompt(guide, n))).toEqual([
      ...guide.prompts,
      guide.prompts[0],
      guide.prompts[1],
    ]);
  });
});
