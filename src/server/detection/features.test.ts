import { describe, expect, it } from "vitest";
import { isStrongReason } from "../../shared/detection";
import { splitSentences } from "../../shared/text";
import {
  analyzeDocument,
  canFlag,
  DOCUMENT_FEATURES,
  documentReasons,
  SENTENCE_FEATURES,
  sentenceFacts,
  sentenceReasons,
  wordZipf,
} from "./features";

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

  it("adds the polished-vocabulary reason only when the document's mean sentence length is given", () => {
    const polished = "The intricate collaboration demonstrates meticulous consideration of sustainability.";
    expect(sentenceReasons(sentenceFacts(polished), 15).some((r) => r.startsWith("Polished"))).toBe(true);
    expect(sentenceReasons(sentenceFacts(polished)).some((r) => r.startsWith("Polished"))).toBe(false);
    // Uncommon in film subtitles, but plain concrete nouns: not "polished".
    const concrete = "Ray had already opened the shutters and was arguing with the kettle.";
    expect(sentenceReasons(sentenceFacts(concrete), 12)).toEqual([]);
    // A long sentence without numbers or names is not a reason: people write more of them than models.
    const long =
      "The approach that the team chose for the project was one that allowed everyone involved to work at their " +
      "own pace while still meeting the goals that had been set at the start.";
    expect(sentenceReasons(sentenceFacts(long), 12)).toEqual([]);
    expect(sentenceReasons(sentenceFacts("Nobody noticed."), 12)).toEqual([]);
  });

  it("ranks reasons: strong ones can flag anywhere, weak ones never on their own", () => {
    const strong = sentenceReasons(sentenceFacts("It's important to note that the plan plays a pivotal role."), 12);
    expect(strong.some(isStrongReason)).toBe(true);
    const cluster = sentenceReasons(sentenceFacts("The vibrant tapestry of ideas fosters a pivotal shift."), 12);
    expect(cluster).toContain("Cluster of AI vocabulary: “tapestry”, “fosters”, “pivotal”");
    expect(cluster.some(isStrongReason)).toBe(true);
    const single = sentenceReasons(sentenceFacts("The report was crucial for us."), 12);
    expect(single).toEqual(["Typical AI vocabulary: “crucial”"]);
    expect(single.some(isStrongReason)).toBe(false);
    expect(single.some(canFlag)).toBe(true);
    const weak = sentenceReasons(sentenceFacts("Moreover, it is fast, cheap, and reliable."), 12);
    expect(weak.length).toBeGreaterThan(0);
    expect(weak.some(canFlag)).toBe(false);
  });

  it("leaves out phrases people write as often as models", () => {
    for (const sentence of [
      "In order to win, on the other hand, you need a variety of skills.",
      "However, thus the plan failed as a result of the rain.",
    ]) {
      expect(sentenceReasons(sentenceFacts(sentence), 12).filter(canFlag)).toEqual([]);
    }
  });

  it("counts a stock phrase once, not again as the common phrase inside it", () => {
    const f = sentenceFacts("The statue serves as a reminder of the flood.");
    expect(f.stockPhrases).toEqual(["serves as a reminder"]);
    expect(f.commonPhrases).toEqual([]);
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

  it("reads each sentence's skeleton: function words and marks kept, other words by length", () => {
    const a = analyzeDocument(splitSentences("The committee, which met in June, agreed. It was 3 days late. Fine."));
    // the L , which S in S , M
    expect(a.tokens.skeleton.get("<s> <s> the")).toBe(1);
    expect(a.tokens.skeleton.get("the L ,")).toBe(1);
    expect(a.tokens.skeleton.get(", which S")).toBe(1);
    expect(a.tokens.skeleton.get("S , M")).toBe(1);
    expect(a.tokens.skeleton.get("was <num> S")).toBe(1);
    expect(a.tokens.skeleton.get("<s> <s> S")).toBe(1);
    // 9 symbols + </s>, 5 + </s>, 1 + </s>
    expect(a.tokens.totals.skeleton).toBe(18);
  });

  it("produces one value per named document and sentence feature", () => {
    const a = analyzeDocument(splitSentences(varied));
    expect(a.documentVector).toHaveLength(DOCUMENT_FEATURES.length);
    expect(a.tokens.totals.unigrams).toBeGreaterThan(30);
    expect(a.tokens.bigrams.get("<s> stop")).toBe(1);
    expect(a.tokens.firstWords.get("stop")).toBe(1);
    expect(a.documentVector.every(Number.isFinite)).toBe(true);
    for (const v of a.sentenceVectors) {
      expect(v).toHaveLength(SENTENCE_FEATURES.length);
      expect(v.every(Number.isFinite)).toBe(true);
    }
  });
});

describe("length and layout", () => {
  const paragraph =
    "We walked to the harbour before dawn. The boats were still tied up and the gulls were loud. " +
    "Nobody had opened the café yet, so we sat on the wall and watched the tide come in. ";

  it("measures repetition per window, so a long text is not more repetitive for being long", () => {
    // Content words cycle through a pool of 300: a 120-word stretch repeats none of them, 1,200 words repeat
    // most. Windowed, both read the same.
    const letters = (i: number) => String.fromCharCode(97 + (i % 26)) + String.fromCharCode(97 + Math.floor(i / 26));
    const text = (words: number) =>
      Array.from({ length: words / 10 }, (_, s) =>
        Array.from({ length: 10 }, (_, w) => `qu${letters((s * 10 + w) % 300)}o`).join(" "),
      )
        .map((sentence) => `${sentence[0].toUpperCase()}${sentence.slice(1)}.`)
        .join(" ");
    const at = (t: string, name: (typeof DOCUMENT_FEATURES)[number]) =>
      analyzeDocument(splitSentences(t)).documentVector[DOCUMENT_FEATURES.indexOf(name)];
    for (const name of ["repeatedContentWordShare", "repeatedTrigramShare"] as const) {
      expect(at(text(120), name)).toBe(0);
      expect(at(text(1200), name)).toBe(0);
    }
  });

  it("reads the paragraphs' sentences for document features when list items are fragments", () => {
    const listed = `${paragraph}\n\n- sharp knives\n- a flask of tea\n- spare socks\n`;
    const a = analyzeDocument(splitSentences(listed));
    expect(a.facts).toHaveLength(6);
    expect(a.documentSentences).toBe(3);
    expect(a.documentVector).toEqual(analyzeDocument(splitSentences(paragraph)).documentVector);
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

describe("pronouns, comma-free and long sentences (issue 25)", () => {
  const at = (text: string, name: (typeof DOCUMENT_FEATURES)[number]) =>
    analyzeDocument(splitSentences(text)).documentVector[DOCUMENT_FEATURES.indexOf(name)];
  // Chat models repeat the noun phrase and keep every sentence in a middle band with a comma or two; people
  // refer back with pronouns, write short comma-free sentences and, now and then, a very long one.
  const person =
    "I bought it in March. It broke in May. They said they would fix it, but that never happened. " +
    "So I took it apart on the kitchen table one wet Sunday afternoon and found that the little spring that " +
    "holds the latch had snapped clean in two and rolled under the fridge where nobody could reach it.";
  const model =
    "The device, purchased in March, failed in May. The manufacturer, despite assurances, did not repair the " +
    "device. The owner, after some deliberation, disassembled the device, identifying a broken latch spring. " +
    "The spring, a small component, had detached, rendering the latch inoperable.";

  it("counts personal and demonstrative pronouns per 100 words", () => {
    expect(sentenceFacts("They said that it was theirs, and I agreed.").pronouns).toBe(5);
    expect(at(person, "pronounsPer100")).toBeGreaterThan(at(model, "pronounsPer100"));
    expect(at(model, "pronounsPer100")).toBe(0);
  });

  it("measures the share of sentences without a comma", () => {
    expect(at(person, "noCommaSentenceShare")).toBe(0.75);
    expect(at(model, "noCommaSentenceShare")).toBe(0);
  });

  it("measures the share of sentences of 35 words or more", () => {
    expect(at(person, "longSentenceShare")).toBe(0.25);
    expect(at(model, "longSentenceShare")).toBe(0);
  });
});
