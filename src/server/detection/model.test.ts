// model.json is what `npm run train:detector` writes (`npm run check:detector` retrains and compares it
// byte for byte). These checks are the cheap part: the committed weights match the code that reads them.
import { describe, expect, it } from "vitest";
import { TRAINING_FILES } from "../../../scripts/detector/dataset";
import { VERDICT_MIDPOINT } from "../../shared/detection";
import { DOCUMENT_FEATURES, SENTENCE_FEATURES } from "./features";
import { LEXICON_FEATURES, LEXICON_KINDS } from "./lexicon";
import model from "./model.json" with { type: "json" };
import { NGRAM_FEATURE } from "./ngram";
import { SKELETON_FEATURE } from "./skeleton";

describe("the committed model", () => {
  it("was trained on both data sets, as their READMEs fingerprint them", () => {
    expect(model.trainedOn.files).toEqual(TRAINING_FILES.map((f) => ({ set: f.set, sha256: f.sha256 })));
    expect(model.trainedOn.records).toBe(1824);
    expect(model.trainedOn.domains).toHaveLength(9);
  });

  it("weighs exactly the features the detector computes, in order", () => {
    expect(model.document.features).toEqual([
      ...DOCUMENT_FEATURES,
      ...LEXICON_FEATURES,
      NGRAM_FEATURE,
      SKELETON_FEATURE,
    ]);
    expect(model.document.weights).toHaveLength(model.document.features.length);
    expect(model.sentence.features).toEqual([...SENTENCE_FEATURES, "unigramLexicon"]);
    expect(Object.keys(model.lexicons)).toEqual([...LEXICON_KINDS]);
    for (const kind of LEXICON_KINDS) expect(Object.keys(model.lexicons[kind]).length).toBeGreaterThan(50);
    expect(Object.keys(model.ngram.bigrams).length).toBeGreaterThan(1000);
    expect(model.ngram.totals.every((n) => n > 100_000)).toBe(true);
    expect(Object.keys(model.skeleton.grams).length).toBeGreaterThan(1000);
    expect(model.skeleton.totals.every((n) => n > 100_000)).toBe(true);
  });

  it("has thresholds that keep the verdict's bands in order", () => {
    const { likelyAi, likelyHuman, sentence } = model.thresholds;
    expect(likelyHuman).toBeLessThan(VERDICT_MIDPOINT);
    expect(likelyAi).toBeGreaterThanOrEqual(VERDICT_MIDPOINT);
    expect(model.caution.formal.likelyAi).toBeGreaterThanOrEqual(likelyAi);
    expect(sentence).toBe(0.5);
  });
});
