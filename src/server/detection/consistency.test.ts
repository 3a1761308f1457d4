// The percentage, the verdict, isAiGenerated and the flagged sentences never contradict one another
// (shared verdictConflicts), as a property over many generated texts for the built-in detector and over
// many generated provider answers for the GPTZero and Sapling mappings.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DetectionResultSchema, verdictConflicts } from "../../shared/detection";
import { detectBuiltin } from "./builtin";
import { type ProviderSentence, providerResult } from "./provider";

const human = [
  "I burned the first batch because the oven runs hot.",
  "ok so i tried that and it didnt work lol.",
  "My neighbour Gwen ran a bakery in Leeds for 30 years.",
  "We loaded the van anyway and sent the driver off on the spare.",
  "Nobody noticed.",
  "Honestly, I'd skip the second chapter.",
  '"Is it true?" she asked, and nobody answered.',
  "The bus was late again, so I walked the last mile.",
];
const ai = [
  "In today's fast-paced digital landscape, it's important to note that content plays a pivotal role.",
  "Moreover, businesses must navigate the complexities of an ever-evolving market.",
  "Additionally, this approach fosters meaningful connections and underscores a commitment to excellence.",
  "This comprehensive strategy not only boosts visibility but also enhances engagement, highlighting its value.",
  "Ultimately, embracing innovation stands as a testament to the transformative power of thoughtful planning.",
  "Furthermore, a rich tapestry of tools allows teams to delve into data and unlock insights.",
];
const formal = [
  "The committee examined the administrative implications of the proposed legislation.",
  "The appellate tribunal subsequently determined that the statutory requirements had been satisfied.",
  "Consequently, the respondent's application was dismissed in its entirety.",
  "Considerable disagreement persisted regarding the constitutional interpretation of the provision.",
];
const markdown = [
  "## A Heading",
  "- a list item without a stop",
  "1. A numbered step.",
  "> A quoted line.",
  "Title Line",
];

const sentence = fc.oneof(
  fc.constantFrom(...human),
  fc.constantFrom(...ai),
  fc.constantFrom(...formal),
  fc.constantFrom(...markdown),
);
const text = fc
  .array(fc.tuple(sentence, fc.constantFrom(" ", " ", "\n\n", "\n")), { minLength: 0, maxLength: 60 })
  .map((parts) => parts.map(([s, gap]) => s + gap).join(""));

describe("the built-in detector's answers keep the rule", () => {
  it("holds for any mix of human, AI, formal and Markdown sentences", () => {
    fc.assert(
      fc.property(text, (input) => {
        const result = detectBuiltin(input);
        expect(verdictConflicts(result)).toEqual([]);
        expect(DetectionResultSchema.safeParse(result).success).toBe(true);
        for (const flagged of result.aiSentences) expect(input).toContain(flagged);
      }),
      { numRuns: 400, seed: 20240611 },
    );
  });
});

const words = ["The council met.", "It plays a pivotal role.", "Residents asked about potholes.", "Nobody came."];
const providerText = words.join(" ");
const answer = fc.record({
  probabilityAi: fc.double({ min: 0, max: 1, noNaN: true }),
  predictedClass: fc.option(fc.constantFrom("human" as const, "ai" as const, "mixed" as const), { nil: undefined }),
  confidence: fc.option(fc.constantFrom("high" as const, "medium" as const, "low" as const), { nil: undefined }),
  sentences: fc.array(
    fc.record({
      sentence: fc.oneof(fc.constantFrom(...words), fc.constant("A sentence the provider invented.")),
      score: fc.double({ min: 0, max: 1, noNaN: true }),
      flagged: fc.option(fc.boolean(), { nil: undefined }),
    }),
    { maxLength: 6 },
  ),
});

describe("GPTZero and Sapling answers map onto the same three levels and keep the rule", () => {
  for (const detector of ["gptzero", "sapling"] as const) {
    it(`holds for any ${detector} answer`, () => {
      fc.assert(
        fc.property(answer, ({ sentences, ...judgement }) => {
          const result = providerResult(detector, providerText, judgement, sentences as ProviderSentence[]);
          expect(verdictConflicts(result)).toEqual([]);
          expect(DetectionResultSchema.safeParse(result).success).toBe(true);
        }),
        { numRuns: 500, seed: 7 },
      );
    });
  }
});
