import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseWordCount } from "../../shared/writing";
import {
  buildDraftPrompt,
  buildFinalRewritePrompt,
  buildRevisePrompt,
  buildReviseTextPrompt,
  type DraftRequest,
  PROSE_ORIGINAL_RULES,
  PROSE_RULES,
  STOCK_PHRASES,
} from "./prose";

const req: DraftRequest = {
  currentDate: "2026-03-14",
  contentType: "How-to guide: how small bakeries can get more local customers with Google Business Profile",
  targetAudience: "owners of small bakeries",
  wordCount: "1200",
  additionalContext: "Mention photos and reviews.",
  writingStyle: "prose2",
  seoKeywords: "google business profile for bakeries",
};

const doc = readFileSync(new URL("../../../docs/prose.md", import.meta.url), "utf8");

describe("PROSE rules", () => {
  it("have unique stable ids", () => {
    const ids = [...PROSE_RULES, ...PROSE_ORIGINAL_RULES].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(PROSE_RULES.map((r) => r.id)).toEqual(PROSE_RULES.map((_, i) => `P${i + 1}`));
    expect(PROSE_ORIGINAL_RULES.map((r) => r.id)).toEqual(PROSE_ORIGINAL_RULES.map((_, i) => `O${i + 1}`));
  });

  it("are stated in docs/prose.md exactly as in code", () => {
    for (const r of [...PROSE_RULES, ...PROSE_ORIGINAL_RULES]) {
      expect(doc).toContain(`${r.id}: ${r.name}`);
      expect(doc).toContain(r.instruction);
    }
  });

  it("every stock phrase is listed in the doc", () => {
    for (const p of STOCK_PHRASES) expect(doc.toLowerCase()).toContain(p);
  });
});

describe("buildDraftPrompt", () => {
  it("prose2 system prompt carries every PROSE rule and the stock phrases", () => {
    const { system } = buildDraftPrompt(req);
    for (const r of PROSE_RULES) expect(system).toContain(r.instruction);
    for (const p of STOCK_PHRASES) expect(system).toContain(p);
  });

  it("original style uses its own, shorter rule set", () => {
    const { system } = buildDraftPrompt({ ...req, writingStyle: "original" });
    for (const r of PROSE_ORIGINAL_RULES) expect(system).toContain(r.instruction);
    expect(system).not.toContain(PROSE_RULES[3].instruction);
    expect(system.length).toBeLessThan(buildDraftPrompt(req).system.length);
  });

  it("puts date, word count, audience, context and keywords in the prompt", () => {
    const { prompt } = buildDraftPrompt(req);
    expect(prompt).toContain("2026-03-14");
    expect(prompt).toContain("1,200 words");
    expect(prompt).toContain("owners of small bakeries");
    expect(prompt).toContain("Mention photos and reviews.");
    expect(prompt).toContain("google business profile for bakeries");
    expect(prompt).toContain(req.contentType);
  });

  it("defaults the word count and asks to infer a missing audience", () => {
    const { prompt } = buildDraftPrompt({ ...req, wordCount: "", targetAudience: undefined });
    expect(prompt).toContain("800 words");
    expect(prompt).toMatch(/infer the most likely reader/);
  });

  it("parses and clamps word counts", () => {
    expect(parseWordCount("about 1,500 words")).toBe(1500);
    expect(parseWordCount("abc")).toBe(800);
    expect(parseWordCount(undefined)).toBe(800);
    expect(parseWordCount("50")).toBe(150);
    expect(parseWordCount("90000")).toBe(5000);
  });
});

describe("revision prompts", () => {
  const document = "# Title\n\nMoreover, this is pivotal. The rest stays.\n";
  it("revise prompt lists only flagged sentences and returns the whole document", () => {
    const { system, prompt } = buildRevisePrompt({
      document,
      flaggedSentences: ["Moreover, this is pivotal."],
      session: req,
    });
    expect(system).toMatch(/ONLY the flagged sentences/);
    expect(system).toMatch(/whole document/);
    for (const r of PROSE_RULES) expect(system).toContain(r.instruction);
    expect(prompt).toContain("1. Moreover, this is pivotal.");
    expect(prompt).toContain(document);
    expect(prompt).toContain("owners of small bakeries");
  });

  it("revise prompt follows the session's writing style", () => {
    const { system } = buildRevisePrompt({ document, flaggedSentences: [], session: { writingStyle: "original" } });
    for (const r of PROSE_ORIGINAL_RULES) expect(system).toContain(r.instruction);
  });

  it("final rewrite keeps facts and structure", () => {
    const { system, prompt } = buildFinalRewritePrompt({
      originalContent: document,
      aiDetectedSentences: ["Moreover, this is pivotal."],
      session: { contentType: "Text Revision" },
    });
    expect(system).toMatch(/keeping its facts/);
    expect(system).toMatch(/headings/);
    for (const r of PROSE_RULES) expect(system).toContain(r.instruction);
    expect(prompt).toContain("Text Revision");
    expect(prompt).toContain(document);
  });

  it("revise-text prompt adds no new facts and keeps length", () => {
    const { system, prompt } = buildReviseTextPrompt({ text: "Pasted text here." });
    expect(system).toMatch(/no new facts/);
    expect(system).toMatch(/length within 10%/);
    expect(system).toContain(PROSE_RULES.find((r) => r.id === "P6")!.instruction);
    expect(system).not.toContain(PROSE_RULES.find((r) => r.id === "P14")!.instruction);
    expect(prompt).toContain("Pasted text here.");
  });
});
