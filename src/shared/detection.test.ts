import { describe, expect, it } from "vitest";
import {
  type DetectionResult,
  DetectionResultSchema,
  failedDetection,
  VERDICT_LABELS,
  verdict,
  verdictConflicts,
  verdictOf,
} from "./detection";

const base: DetectionResult = {
  success: true,
  aiPercentage: 91.2,
  humanPercentage: 8.8,
  wordCount: 240,
  aiSentences: ["Moreover, it plays a pivotal role."],
  isAiGenerated: true,
  detector: "builtin",
  sentences: [
    { text: "We met on Monday.", start: 0, end: 17, score: 0.2, reasons: [] },
    {
      text: "Moreover, it plays a pivotal role.",
      start: 18,
      end: 52,
      score: 0.97,
      reasons: ["Stock AI phrase: “plays a pivotal role”"],
    },
  ],
  verdict: verdict("likely_ai", "Reads as AI-written throughout."),
};

describe("verdictConflicts: the rule that keeps the numbers and the verdict together", () => {
  it("accepts a consistent result of every level", () => {
    expect(verdictConflicts(base)).toEqual([]);
    expect(
      verdictConflicts({
        ...base,
        aiPercentage: 12,
        humanPercentage: 88,
        isAiGenerated: false,
        verdict: verdict("likely_human", "Few signs of AI writing."),
      }),
    ).toEqual([]);
    expect(
      verdictConflicts({
        ...base,
        aiPercentage: 95,
        humanPercentage: 5,
        isAiGenerated: false,
        verdict: verdict("uncertain", "Formal writing such as legal or academic text is often scored higher."),
      }),
    ).toEqual([]);
    expect(verdictConflicts(failedDetection("builtin", "Text is required"))).toEqual([]);
  });

  const broken: [string, Partial<DetectionResult>, RegExp][] = [
    ["isAiGenerated without likely AI", { verdict: verdict("uncertain", "x") }, /isAiGenerated/],
    ["likely AI under 50 %", { aiPercentage: 40, humanPercentage: 60 }, /at least 50% AI/],
    ["likely AI with nothing flagged", { aiSentences: [] }, /at least one flagged sentence/],
    [
      "likely human at 50 % or more",
      { isAiGenerated: false, aiSentences: [], verdict: verdict("likely_human", "x") },
      /less than 50% AI/,
    ],
    [
      "likely human flagging a sentence without a strong reason",
      {
        aiPercentage: 20,
        humanPercentage: 80,
        isAiGenerated: false,
        aiSentences: ["We met on Monday."],
        sentences: [
          { text: "We met on Monday.", start: 0, end: 17, score: 0.6, reasons: ["Typical AI vocabulary: “x”"] },
        ],
        verdict: verdict("likely_human", "x"),
      },
      /strong reason/,
    ],
    ["a flag without a reason", { aiSentences: ["We met on Monday."] }, /has no reason/],
    ["a flag that is not a scored sentence", { aiSentences: ["Invented."] }, /not among the scored sentences/],
    ["a label of another level", { verdict: { level: "likely_ai", label: "Likely human", reason: "x" } }, /label/],
    ["percentages that do not add up", { humanPercentage: 10 }, /add up to 100/],
    [
      "a failed check that claims something",
      { success: false, isAiGenerated: false, verdict: verdict("uncertain", "x") },
      /failed check/,
    ],
  ];
  for (const [name, change, message] of broken) {
    it(`catches ${name}`, () => {
      const problems = verdictConflicts({ ...base, ...change });
      expect(
        problems.some((p) => message.test(p)),
        problems.join("; "),
      ).toBe(true);
    });
  }
});

describe("verdictOf: what the screens show", () => {
  it("shows the server's verdict when it keeps the rule", () => {
    expect(verdictOf(base)).toBe(base.verdict);
  });

  it("derives a verdict the numbers support for results stored before verdicts existed", () => {
    const { verdict: _v, ...old } = base;
    expect(verdictOf(old).level).toBe("likely_ai");
    expect(verdictOf({ ...old, aiPercentage: 20, isAiGenerated: false, aiSentences: [] }).level).toBe("likely_human");
    expect(verdictOf({ ...old, aiPercentage: 75, isAiGenerated: false }).level).toBe("uncertain");
    expect(verdictOf({ ...old, success: false, error: "Text is required" })).toEqual(
      verdict("uncertain", "Text is required"),
    );
  });

  it("never shows a verdict that contradicts the numbers beside it", () => {
    // A server verdict that breaks the rule (say, a test double flagged two sentences) is not shown.
    const shown = verdictOf({ ...base, aiPercentage: 20, humanPercentage: 80 });
    expect(shown.level).toBe("uncertain");
    expect(shown.label).toBe(VERDICT_LABELS.uncertain);
    const human = verdictOf({ ...base, verdict: verdict("likely_human", "Few signs of AI writing.") });
    expect(human.level).toBe("uncertain");
    expect(human.reason).toMatch(/contradicts itself/);
  });

  it("is part of the response schema", () => {
    expect(DetectionResultSchema.parse(base).verdict).toEqual(base.verdict);
    const { verdict: _v, ...old } = base;
    expect(DetectionResultSchema.safeParse(old).success).toBe(false);
  });
});
