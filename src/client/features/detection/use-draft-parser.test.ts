// The draft parser loaded late: a draft drawn before it has loaded shows the spinner (its own Suspense
// boundary, not the page's), and once loaded the same draft draws at once, with no second wait.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DetectionResult } from "../../../shared/detection";
import { Markdown } from "../writing/markdown";
import { HighlightedDraft } from "./highlighted-draft";
import { loadDraftParser } from "./use-draft-parser";

const result: DetectionResult = {
  success: true,
  aiPercentage: 10,
  humanPercentage: 90,
  isAiGenerated: false,
  aiSentences: [],
  sentences: [],
  wordCount: 2,
  detector: "builtin",
  verdict: { level: "likely_human", label: "Likely human", reason: "Reads as human-written." },
};

describe("the draft parser, loaded late", () => {
  it("draws a spinner until it has loaded, then the draft", async () => {
    const before = renderToStaticMarkup(createElement(Markdown, { text: "Some **bold** words." }));
    expect(before).toContain('aria-label="Loading the draft"');
    expect(before).not.toContain("<strong>");

    const parse = await loadDraftParser();
    expect(parse("# Title").children[0]).toMatchObject({ type: "heading", depth: 1 });
    expect(await loadDraftParser()).toBe(parse);

    expect(renderToStaticMarkup(createElement(Markdown, { text: "Some **bold** words." }))).toBe(
      '<div class="prose-draft"><p>Some <strong>bold</strong> words.</p></div>',
    );
    const highlighted = renderToStaticMarkup(createElement(HighlightedDraft, { text: "Some words here.", result }));
    expect(highlighted).toContain("Some words here.");
    expect(highlighted).not.toContain("Loading the draft");
  });
});
