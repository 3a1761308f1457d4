import { describe, expect, it } from "vitest";
import { DetectionResultSchema, isStrongReason, verdictConflicts } from "../../shared/detection";
import { detectBuiltin, NOT_ENGLISH_ERROR, TOO_SHORT_ERROR } from "./builtin";

const stockAi =
  "In today's fast-paced digital landscape, it's important to note that content plays a pivotal role in fostering " +
  "meaningful connections. Moreover, businesses must navigate the complexities of an ever-evolving market, " +
  "leveraging innovative strategies to enhance engagement. Furthermore, a comprehensive approach not only boosts " +
  "visibility but also underscores a brand's commitment to excellence, highlighting its dedication to growth. " +
  "Additionally, the rich tapestry of tools available allows teams to delve into data, unlock insights, and " +
  "streamline workflows. In conclusion, embracing these strategies stands as a testament to the transformative " +
  "power of thoughtful planning, paving the way for sustainable success.";

const humanLike =
  "I burned the first batch. Twice, actually — the oven in our rented flat runs about 20 degrees hot, and I " +
  "didn't believe the landlord when he said so. Third try, I dropped it to 160 and pulled the tray at 11 minutes. " +
  "Better. Still a bit flat, though, so I asked my neighbour Gwen, who ran a bakery in Leeds for 30 years. She " +
  "laughed and told me my butter was too warm. Now I chill the dough overnight. My kids say they're the best " +
  "cookies I've made, but they'd say that about anything with chocolate in it.";

const forumAnswer =
  "ok so i had the exact same problem with my 2014 corolla last winter. turned out it wasn't the battery at all, " +
  "it was a corroded ground strap under the hood (the little braided one near the fuse box). cost me like $12 at " +
  "the parts store and 20 mins with a wrench. before that i'd already swapped the battery AND the alternator lol, so " +
  "yeah... check the cheap stuff first. also if your dash lights flicker when you hit the brakes thats a pretty good " +
  "sign its a ground issue. my mechanic said he sees it all the time on cars that sit outside near the coast because " +
  "of the salt. hope that helps, let us know what you find!";

// The colleague's case: a plain human paragraph, then the same paragraph with two stock-phrase sentences.
const humanStory = [
  "The bus was late again, so I walked the last mile to the depot.",
  "Ray had already opened the shutters and was arguing with the kettle.",
  "We had forty boxes to move before the van came at nine.",
  "Half of them were labelled in his handwriting, which nobody can read.",
  "I found my old coat in one of them, still smelling of diesel.",
  "Ray said he'd kept it for me since March.",
  "The van turned up at ten past, with a flat tyre.",
  "We loaded it anyway and sent the driver off on the spare.",
  "Nobody noticed.",
];
const stockSentences = [
  "In today's fast-paced world, it's important to note that teamwork plays a pivotal role in fostering a sense of community.",
  "Moreover, this experience stands as a testament to the transformative power of resilience, highlighting the importance of collaboration.",
];
const humanWithStock = [
  ...humanStory.slice(0, 3),
  stockSentences[0],
  ...humanStory.slice(3, 6),
  stockSentences[1],
  ...humanStory.slice(6),
].join(" ");

describe("sentence scores are local", () => {
  it("flags only the two inserted stock sentences, never their human neighbours", () => {
    const plain = detectBuiltin(humanStory.join(" "));
    const mixed = detectBuiltin(humanWithStock);
    expect(plain.success && mixed.success).toBe(true);
    expect(plain.aiSentences).toEqual([]);
    // The document score still reacts to the inserted sentences…
    expect(mixed.aiPercentage).toBeGreaterThan(plain.aiPercentage + 30);
    // …but the flags stay on the sentences that carry the signals.
    for (const stock of stockSentences) expect(mixed.aiSentences).toContain(stock);
    const others = mixed.aiSentences.filter((s) => !stockSentences.includes(s));
    expect(others.length).toBeLessThanOrEqual(1);
    for (const other of others) {
      expect(mixed.sentences!.find((s) => s.text === other)!.reasons.length).toBeGreaterThan(0);
    }
    const nobody = mixed.sentences!.find((s) => s.text === "Nobody noticed.")!;
    expect(mixed.aiSentences).not.toContain("Nobody noticed.");
    expect(nobody.reasons).toEqual([]);
    // A human sentence's score moves only by the capped document prior (±0.5 logits) and its length context.
    const toLogit = (p: number) => Math.log(p / (1 - p));
    for (const sentence of humanStory) {
      const before = plain.sentences!.find((s) => s.text === sentence)!.score;
      const after = mixed.sentences!.find((s) => s.text === sentence)!.score;
      expect(Math.abs(toLogit(after) - toLogit(before))).toBeLessThan(1.5);
    }
  });

  it("still flags most sentences of a stock-phrase AI paragraph", () => {
    const result = detectBuiltin(stockAi);
    expect(result.aiSentences.length).toBeGreaterThanOrEqual(Math.ceil(0.8 * result.sentences!.length));
  });

  it("flags none, or almost none, of a plain human paragraph", () => {
    for (const text of [humanLike, humanStory.join(" ")]) {
      expect(detectBuiltin(text).aiSentences.length).toBeLessThanOrEqual(1);
    }
  });

  it("never flags a sentence without a stated reason", () => {
    for (const text of [stockAi, humanLike, humanWithStock, `${stockAi} ${humanStory.join(" ")}`]) {
      const result = detectBuiltin(text);
      for (const flagged of result.aiSentences) {
        expect(result.sentences!.find((s) => s.text === flagged)!.reasons.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("detectBuiltin", () => {
  it("scores a stock-AI paragraph higher than a concrete human-like one", () => {
    const ai = detectBuiltin(stockAi);
    const human = detectBuiltin(humanLike);
    expect(ai.success && human.success).toBe(true);
    expect(ai.aiPercentage).toBeGreaterThan(human.aiPercentage);
    expect(ai.aiPercentage).toBeGreaterThan(50);
    expect(human.isAiGenerated).toBe(false);
    expect(ai.sentences!.some((s) => s.reasons.some((r) => r.startsWith("Stock AI phrase")))).toBe(true);
  });

  it("honours the result contract", () => {
    const markdown = `## Why Content Matters\n\n${stockAi}\n\n- Read [our guide](https://example.com/guide) today.\n`;
    for (const input of [stockAi, humanLike, markdown]) {
      const result = detectBuiltin(input);
      expect(() => DetectionResultSchema.parse(result)).not.toThrow();
      expect(result.aiPercentage + result.humanPercentage).toBe(100);
      expect(result.detector).toBe("builtin");
      expect(result.wordCount).toBeGreaterThan(40);
      for (const sentence of result.aiSentences) expect(input.includes(sentence)).toBe(true);
      for (const s of result.sentences!) {
        expect(input.slice(s.start, s.end)).toBe(s.text);
        expect(s.score).toBeGreaterThanOrEqual(0);
        expect(s.score).toBeLessThanOrEqual(1);
      }
      const headingFlagged = result.sentences!.some((s) => s.text.includes("##") || s.text.includes("Why Content"));
      expect(headingFlagged).toBe(false);
    }
  });

  it("refuses short text", () => {
    const result = detectBuiltin("This is short. Very short. Too short.");
    expect(result).toMatchObject({ success: false, aiPercentage: 0, humanPercentage: 100, error: TOO_SHORT_ERROR });
    expect(result.aiSentences).toEqual([]);
  });

  it("refuses non-English text", () => {
    const french =
      "Le chat dort sur le canapé depuis ce matin. Les enfants sont partis à l'école avec leur père. " +
      "Nous irons au marché demain pour acheter des légumes et du pain frais. La voisine a promis de venir " +
      "dîner samedi soir avec son mari et leurs deux filles. Il pleut beaucoup cette semaine dans la région.";
    const japanese = "今日はとても良い天気です。".repeat(30);
    for (const text of [french, japanese]) {
      expect(detectBuiltin(text)).toMatchObject({ success: false, error: NOT_ENGLISH_ERROR, aiPercentage: 0 });
    }
  });

  it("refuses empty and over-long text safely", () => {
    expect(detectBuiltin("   ").success).toBe(false);
    const long = detectBuiltin(`${humanLike} `.repeat(200));
    expect(long.success).toBe(false);
    expect(long.error).toMatch(/too long/);
  });

  it("scores a 2,000-word draft (the bench times it: npx tsx bench/detect.ts)", () => {
    const draft = `${stockAi}\n\n${humanLike}\n\n`.repeat(12);
    const result = detectBuiltin(draft);
    expect(result.success).toBe(true);
    expect(verdictConflicts(result)).toEqual([]);
  });
});

describe("the verdict beside the percentage", () => {
  it("calls a stock-phrase AI paragraph likely AI and flags its sentences", () => {
    const result = detectBuiltin(`${stockAi} ${stockAi.replace("In today's", "In this")}`);
    expect(result.verdict.level).toBe("likely_ai");
    expect(result.isAiGenerated).toBe(true);
    expect(result.aiSentences.length).toBeGreaterThan(0);
    expect(result.verdict.reason).toMatch(/^Reads as AI-written throughout/);
  });

  it("calls a casual forum answer likely human and flags nothing", () => {
    const result = detectBuiltin(forumAnswer);
    expect(result.verdict).toMatchObject({ level: "likely_human", label: "Likely human" });
    expect(result.isAiGenerated).toBe(false);
    expect(result.aiSentences).toEqual([]);
  });

  it("says a short text is too short to judge well, whatever its score", () => {
    const result = detectBuiltin(stockAi);
    expect(result.success).toBe(true);
    expect(result.verdict.level).toBe("uncertain");
    expect(result.verdict.reason).toMatch(/^Too short to judge well/);
    expect(result.isAiGenerated).toBe(false);
  });

  it("gives a refused text an uncertain verdict with the refusal as its reason", () => {
    expect(detectBuiltin("This is short. Very short. Too short.").verdict).toEqual({
      level: "uncertain",
      label: "Mixed or uncertain",
      reason: `Too short to judge: ${TOO_SHORT_ERROR}`,
    });
  });

  it("flags a stock sentence in a human text only for its strong, named reason", () => {
    const result = detectBuiltin(
      `${humanLike} ${humanStory.join(" ")} It's important to note that the kettle plays a pivotal role in all this.`,
    );
    expect(result.verdict.level).not.toBe("likely_ai");
    for (const flagged of result.aiSentences) {
      expect(result.sentences!.find((s) => s.text === flagged)!.reasons.some(isStrongReason)).toBe(true);
    }
  });
});
