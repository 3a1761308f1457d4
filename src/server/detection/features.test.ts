import { describe, expect, it } from "vitest";
import {
  analyzeDocument,
  DOCUMENT_FEATURES,
  documentReasons,
  SENTENCE_FEATURES,
  sentenceFacts,
  sentenceReasons,
  wordZipf,
} from "./features";
import { splitSentences } from "./sentences";

const plain = "We fixed the leaky tap on Tuesday and it took 20 minutes.";

describe("sentence signals", () => {
  const cases: [string, string, (r: string[]) => boolean][] = [
    [
      "stock phrase",
      "It's important to note that we delve into this.",
      (r) => r.some((x) => x.startsWith("Stock AI phrase")),
    ],
    ["AI vocabulary", "The rich tapestry of the city is pivotal.", (r) => r.some((x) => x.includes("“tapestry”"))],
    ["puffery", "The vibrant town boasts breathtaking views.", (r) => r.some((x) => x.startsWith("Promotional"))],
    ["formulaic opener", "Moreover, the plan worked.", (r) => r.some((x) => x.includes("“Moreover”"))],
    [
      "-ing tail",
      "The council approved the budget, highlighting its commitment to growth.",
      (r) => r.some((x) => x.includes("-ing clause")),
    ],
    ["not only", "It is not only fast but also cheap.", (r) => r.some((x) => x.includes("Not only"))],
    ["list of three", "It is fast, cheap, and reliable.", (r) => r.includes("List-of-three cadence")],
    ["hedging", "This may potentially help, and it could possibly work.", (r) => r.some((x) => x.includes("hedging"))],
    ["chatbot", "As an AI language model, I hope this helps.", (r) => r.some((x) => x.startsWith("Chatbot"))],
  ];
  for (const [name, fires, check] of cases) {
    it(`${name} fires on a made-to-fire sentence and not on a plain one`, () => {
      expect(check(sentenceReasons(sentenceFacts(fires)))).toBe(true);
      expect(check(sentenceReasons(sentenceFacts(plain)))).toBe(false);
    });
  }

  it("adds style reasons only when the document's mean sentence length is given", () => {
    const polished = "The intricate collaboration demonstrates meticulous consideration of sustainability.";
    expect(sentenceReasons(sentenceFacts(polished), 15).some((r) => r.startsWith("Polished"))).toBe(true);
    expect(sentenceReasons(sentenceFacts(polished)).some((r) => r.startsWith("Polished"))).toBe(false);
    // Uncommon in film subtitles, but plain concrete nouns: not "polished".
    const concrete = "Ray had already opened the shutters and was arguing with the kettle.";
    expect(sentenceReasons(sentenceFacts(concrete), 12)).toEqual([]);
    const long =
      "The approach that the team chose for the project was one that allowed everyone involved to work at their " +
      "own pace while still meeting the goals that had been set at the start.";
    expect(sentenceReasons(sentenceFacts(long), 12)).toContain(
      "Long sentence with no concrete detail (no numbers, names or quotes)",
    );
    expect(sentenceReasons(sentenceFacts(`${long.slice(0, -1)} in 2019.`), 12)).toEqual([]);
    expect(sentenceReasons(sentenceFacts("Nobody noticed."), 12)).toEqual([]);
  });

  it("counts contractions, first person, numbers and informal marks", () => {
    const f = sentenceFacts("i dont think we'll make it by 5, honestly I can't.");
    expect(f.contractions).toBe(2);
    expect(f.firstPerson).toBe(2);
    expect(f.numbers).toBe(1);
    expect(f.informal).toBeGreaterThanOrEqual(2);
    expect(sentenceFacts("The committee approved the proposal.").contractions).toBe(0);
  });
});

describe("document signals", () => {
  const uniform = Array.from(
    { length: 8 },
    (_, i) => `The team reviewed the plan for part ${"abcdefgh"[i]} carefully today.`,
  ).join(" ");
  const varied =
    "Stop. We tried the old bridge first, but the river had risen overnight and the planks were slick with moss. " +
    "Bad idea. Marta laughed. The second route took us three hours through fields of barley and a farmyard full of geese. " +
    "I'd do it again.";

  it("flags uniform sentence rhythm only when lengths barely vary", () => {
    const rhythm = (t: string) =>
      documentReasons(analyzeDocument(splitSentences(t))).some((r) => r.startsWith("Uniform"));
    expect(rhythm(uniform)).toBe(true);
    expect(rhythm(varied)).toBe(false);
  });

  it("produces one value per named document and sentence feature", () => {
    const a = analyzeDocument(splitSentences(varied));
    expect(a.documentVector).toHaveLength(DOCUMENT_FEATURES.length);
    expect(a.documentVector.every(Number.isFinite)).toBe(true);
    for (const v of a.sentenceVectors) {
      expect(v).toHaveLength(SENTENCE_FEATURES.length);
      expect(v.every(Number.isFinite)).toBe(true);
    }
  });
});

describe("word-frequency signals", () => {
  it("knows common words are more frequent than polished ones, and lacks typos", () => {
    expect(wordZipf("the")!).toBeGreaterThan(7);
    expect(wordZipf("don't")).toBe(wordZipf("don"));
    expect(wordZipf("the")!).toBeGreaterThan(wordZipf("tapestry")!);
    expect(wordZipf("becuase")).toBeUndefined();
  });

  it("counts literary, rare and unknown words and proper nouns per sentence", () => {
    const f = sentenceFacts("The intricate tapestry of Lisbon pleases teh locals.");
    expect(f.properNouns).toBe(1);
    expect(f.literaryWords).toBeGreaterThanOrEqual(2);
    expect(f.unknownWords).toBe(1);
    expect(f.contentWords).toBeGreaterThan(0);
  });
});
