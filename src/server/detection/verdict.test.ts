import { describe, expect, it } from "vitest";
import { splitSentences } from "../../shared/text";
import { analyzeDocument } from "./features";
import {
  type CautionRules,
  decideVerdict,
  flagSentences,
  habitsPer100,
  isFormal,
  MOST_MACHINE_LIKE,
  mixedVerdict,
  type VerdictThresholds,
} from "./verdict";

const thresholds: VerdictThresholds = { likelyAi: 80, likelyHuman: 30, sentence: 0.5 };
const caution: CautionRules = {
  shortWords: 100,
  formal: { minLongWordShare: 0.2, maxContractionsPer100: 0.5, maxCasualPer100: 1, likelyAi: 90 },
  polishHabitsPer100: 2.5,
};

const casual = analyzeDocument(
  splitSentences(
    "I didn't think the bus would come, so we walked. It's a long way, honestly, and my shoes were soaked by the " +
      "time we got to Mum's. She'd made soup. We ate it standing up because the chairs were covered in boxes. " +
      "Then the power went out and we just laughed about it for ages. I don't remember what we talked about after. " +
      "It was late, we were tired, and the dog kept stealing bread off the counter when nobody was looking at him. " +
      "My brother swears he saw a fox in the garden that night, but he says that every time he visits.",
  ),
);
const formal = analyzeDocument(
  splitSentences(
    "The committee examined the administrative implications of the proposed legislation. Considerable disagreement " +
      "persisted regarding the constitutional interpretation of the provision. The appellate tribunal subsequently " +
      "determined that the statutory requirements had been satisfied. Consequently, the respondent's application " +
      "was dismissed in its entirety. The judgment emphasised the significance of procedural consistency across " +
      "jurisdictions. Nevertheless, several commentators questioned whether the reasoning adequately addressed " +
      "precedent established by earlier decisions concerning environmental regulation and municipal authority.",
  ),
);

const decide = (aiPercentage: number, analysis = casual, proseWords = 150) =>
  decideVerdict({ aiPercentage, proseWords, analysis, sentences: [], thresholds, caution });

describe("decideVerdict", () => {
  it("puts the percentage in three bands", () => {
    expect(decide(10).level).toBe("likely_human");
    expect(decide(29.9).level).toBe("likely_human");
    expect(decide(30).level).toBe("uncertain");
    expect(decide(79.9).level).toBe("uncertain");
    expect(decide(80).level).toBe("likely_ai");
    expect(decide(99).label).toBe("Likely AI");
  });

  it("says a short text is too short to judge well, even at 99 %", () => {
    const v = decide(99, casual, 60);
    expect(v.level).toBe("uncertain");
    expect(v.reason).toMatch(/^Too short to judge well: 60 words/);
  });

  it("asks more of formal writing before calling it AI-written, and says why", () => {
    expect(isFormal(formal, caution)).toBe(true);
    expect(isFormal(casual, caution)).toBe(false);
    const v = decide(85, formal);
    expect(v.level).toBe("uncertain");
    expect(v.reason).toMatch(/^Formal writing such as legal or academic text is often scored higher/);
    expect(decide(85, casual).level).toBe("likely_ai");
    expect(decide(95, formal).level).toBe("likely_ai");
  });

  it("never lets a threshold below 50 % call a text likely AI, nor one above call it likely human", () => {
    const loose = { ...thresholds, likelyAi: 40, likelyHuman: 60 };
    const at = (p: number) =>
      decideVerdict({ aiPercentage: p, proseWords: 150, analysis: casual, sentences: [], thresholds: loose, caution });
    expect(at(45).level).toBe("likely_human");
    expect(at(49.9).level).toBe("likely_human");
    expect(at(50).level).toBe("likely_ai");
  });

  it("describes a mixed text by its flagged sentences and what the rest scores", () => {
    expect(mixedVerdict(2, 12.5, 30).reason).toBe(
      "Mixed: 2 flagged sentences read as AI-written; without them the text scores 12.5% AI and the rest reads as human-written.",
    );
    expect(mixedVerdict(1, 42, 30)).toMatchObject({ level: "uncertain", label: "Mixed or uncertain" });
    expect(mixedVerdict(1, 42, 30).reason).toMatch(/without it the text scores 42% AI and the rest leans human/);
  });
});

describe("a model's polish (issue 25)", () => {
  // The casual paragraph above, as a model's light polish leaves it: AI vocabulary and essay connectives.
  const polished = analyzeDocument(
    splitSentences(
      "I did not think the bus would come, so we walked. Moreover, it is a long way, and my shoes were soaked by " +
        "the time we got to Mum's. She had made a comprehensive soup. We ate it standing up because the chairs were " +
        "covered in boxes. Additionally, the power went out and we laughed about it for ages, fostering a " +
        "profound sense of calm. I do not remember what we talked about after. It was late, we were tired, and " +
        "the dog kept stealing bread off the counter. Ultimately, my brother swears he saw a fox in the garden.",
    ),
  );

  it("counts AI vocabulary, stock and common phrases, openers and significance tails per 100 words", () => {
    expect(habitsPer100(casual)).toBe(0);
    // comprehensive, fostering, profound; Moreover, Additionally, Ultimately; the ", fostering…" tail: 7 in 100 words.
    expect(habitsPer100(polished)).toBe(7);
  });

  it("never calls a polished text likely human, and says it may be a model's polish, naming what it found", () => {
    expect(decide(10).level).toBe("likely_human");
    const v = decide(10, polished);
    expect(v.level).toBe("uncertain");
    expect(v.reason).toMatch(/^May be human writing polished by a model, or a model's draft/);
    expect(v.reason).toMatch(/“(moreover|additionally|ultimately|comprehensive|fostering|profound)”/);
    // In the middle band the polish is the reason given too; a likely-AI score stays likely AI.
    expect(decide(45, polished).reason).toMatch(/polished by a model/);
    expect(decide(95, polished).level).toBe("likely_ai");
  });
});

describe("flagSentences", () => {
  const sentences = [
    { score: 0.9, reasons: ["Stock AI phrase: “delve into”"] },
    { score: 0.8, reasons: ["Typical AI vocabulary: “crucial”"] },
    { score: 0.95, reasons: ["Formulaic opener: “Moreover”"] },
    { score: 0.3, reasons: ["Stock AI phrase: “a testament to”"] },
    { score: 0.99, reasons: [] },
  ];

  it("flags only strong reasons in a likely-human or mixed text, whatever its percentage", () => {
    expect(flagSentences("likely_human", sentences, 0.5).indices).toEqual([0]);
    expect(flagSentences("uncertain", sentences, 0.5).indices).toEqual([0]);
    // Issue 25: a mixed text at 50 % or more used to flag any reason that can flag; that put a flag in 12 %
    // of human texts out of domain (45 % of IvyPanda essays). A single AI word is not enough any more.
    const vocabulary = [{ score: 0.95, reasons: ["Typical AI vocabulary: “crucial”"] }];
    expect(flagSentences("uncertain", vocabulary, 0.5).indices).toEqual([]);
    expect(flagSentences("likely_ai", vocabulary, 0.5).indices).toEqual([0]);
  });

  it("flags any reason that can flag, never a weak one alone, in a likely-AI text", () => {
    expect(flagSentences("likely_ai", sentences, 0.5).indices).toEqual([0, 1]);
  });

  it("always flags something in a likely-AI text, naming why when the sentence has no reason of its own", () => {
    const plain = [
      { score: 0.4, reasons: [] },
      { score: 0.45, reasons: ["Formulaic opener: “Moreover”"] },
      { score: 0.2, reasons: [] },
    ];
    const flagged = flagSentences("likely_ai", plain, 0.5);
    expect(flagged.indices).toEqual([0, 1, 2]);
    expect(flagged.extraReasons).toEqual([MOST_MACHINE_LIKE, undefined, MOST_MACHINE_LIKE]);
    const withReason = flagSentences("likely_ai", [{ score: 0.3, reasons: ["Typical AI vocabulary: “x”"] }], 0.5);
    expect(withReason).toEqual({ indices: [0], extraReasons: [undefined] });
  });
});
