/**
 * Issue 25, fourth round: n-gram log-ratio models over token alphabets that carry no topic (characters,
 * a function-word skeleton, word-frequency bands), and a Fast-DetectGPT-style surprise gap under the small
 * frequency-band model, each added to the shipped document model's inputs (which already hold the word-bigram
 * log-ratio) and measured leave-one-domain-out. An experiment, not part of training: nothing here reaches
 * model.json.
 *
 *   DETECTOR_DATA_DIR=/work/shared/data nice -n 19 npx tsx scripts/detector/experiment-round4.ts
 *
 * Counting follows experiment-ngram.ts: per-(domain, label) counts, a model "without domains E" is the total
 * minus E's counts; a left-out text is scored by a model without its domain, a training text by a model
 * without the left-out domain and its own (stacking). Both labels' counts are scaled to the same size, as the
 * shipped bigram model does, so an unseen token weighs 0.
 */
import { analyzeDocument, FUNCTION_WORDS, wordZipf } from "../../src/server/detection/features";
import { LEXICON_KINDS, lexiconScore } from "../../src/server/detection/lexicon";
import { ngramScore } from "../../src/server/detection/ngram";
import { SKELETON_FEATURE } from "../../src/server/detection/skeleton";
import { splitSentences } from "../../src/shared/text";
import { readTrainingTexts } from "./dataset";
import { experimentEvaluator } from "./experiment-eval";
import { DOCUMENT_MODEL_FEATURES, makeFolds, prepare } from "./training";

type Counts = Map<string, number>;
const inc = (m: Counts, k: string, by = 1) => m.set(k, (m.get(k) ?? 0) + by);
const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
const sd = (v: readonly number[]) => {
  const m = mean(v);
  return Math.sqrt(mean(v.map((x) => (x - m) ** 2)));
};

const records = readTrainingTexts();
const texts = prepare(records);
const groups = [...new Set(texts.map((t) => t.group))].sort();
let t0 = performance.now();
const folds = makeFolds(texts);
console.error(`folds ${((performance.now() - t0) / 1000).toFixed(0)} s`);

const streams: string[][][] = records.map((r) =>
  analyzeDocument(splitSentences(r.text)).facts.map((f) =>
    f.stream.map((t) => (t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57 ? "<num>" : t)),
  ),
);
const isMark = (t: string) => t.length === 1 && !/[a-z]/.test(t);

/** Alphabets: each maps a sentence's token stream to a sequence of symbols. */
const ALPHABETS: Record<string, (s: string[]) => string[]> = {
  // Characters of the lower-case stream, words separated by one space.
  char: (s) => [...s.join(" ")],
  // Function words and marks kept; other words by length class.
  skeleton: (s) =>
    s.map((t) =>
      FUNCTION_WORDS.has(t) || isMark(t) || t === "<num>" ? t : t.length <= 4 ? "S" : t.length <= 7 ? "M" : "L",
    ),
  // Words by SUBTLEX Zipf band (half-units), marks kept, unknown words "U".
  band: (s) =>
    s.map((t) => {
      if (isMark(t) || t === "<num>") return t;
      const z = wordZipf(t);
      return z === undefined ? "U" : `z${Math.max(2, Math.min(7, Math.floor(z * 2) / 2))}`;
    }),
};

interface Variant {
  alphabet: string;
  order: number;
  k: number;
  gap?: boolean;
}
const VARIANTS: Record<string, Variant> = {
  char3: { alphabet: "char", order: 3, k: 3 },
  char4: { alphabet: "char", order: 4, k: 3 },
  skel3: { alphabet: "skeleton", order: 3, k: 3 },
  skel4: { alphabet: "skeleton", order: 4, k: 3 },
  band4: { alphabet: "band", order: 4, k: 3, gap: true },
};
const MAX_ORDER = 4;

const sequences: Record<string, string[][][]> = {};
for (const [name, f] of Object.entries(ALPHABETS)) sequences[name] = streams.map((text) => text.map(f));

// Counts per alphabet, per (domain, label); keys: n-gram symbols joined by \u0001, histories prefixed "|".
const SEP = "\u0001";
const counts: Record<string, Map<string, Counts>> = {};
const totals: Record<string, Counts[]> = {};
const alphabetOf: Record<string, string[]> = {};
t0 = performance.now();
for (const name of Object.keys(ALPHABETS)) {
  const maxOrder = Math.max(
    ...Object.values(VARIANTS)
      .filter((v) => v.alphabet === name)
      .map((v) => v.order),
  );
  const byGroup = new Map<string, Counts>();
  for (const g of groups) for (const y of [0, 1]) byGroup.set(`${g}/${y}`, new Map());
  const total: Counts[] = [new Map(), new Map()];
  const symbols = new Set<string>();
  texts.forEach((t, i) => {
    const m = byGroup.get(`${t.group}/${t.y}`)!;
    for (const s of sequences[name][i]) {
      const seq = [...new Array<string>(maxOrder - 1).fill("<s>"), ...s, "</s>"];
      for (let p = maxOrder - 1; p < seq.length; p++) {
        symbols.add(seq[p]);
        for (const target of [m, total[t.y]]) {
          inc(target, "#");
          for (let n = 1; n <= maxOrder; n++) {
            const hist = seq.slice(p - n + 1, p).join(SEP);
            inc(target, n === 1 ? seq[p] : `${hist}${SEP}${seq[p]}`);
            if (n > 1) inc(target, `|${hist}`);
          }
        }
      }
    }
  });
  counts[name] = byGroup;
  totals[name] = total;
  alphabetOf[name] = [...symbols].sort();
  console.error(`${name}: ${symbols.size} symbols, ${total[0].size + total[1].size} keys`);
}
console.error(`counts ${((performance.now() - t0) / 1000).toFixed(0)} s`);

function counter(alphabet: string, y: number, without: readonly string[]) {
  const total = totals[alphabet][y];
  const minus = without.map((g) => counts[alphabet].get(`${g}/${y}`)!);
  return (k: string) => {
    let c = total.get(k) ?? 0;
    if (c === 0) return 0;
    for (const m of minus) c -= m.get(k) ?? 0;
    return c;
  };
}

const expectations = new Map<string, [number, number]>();
/** Candidate features of text i from models without `without`. */
function features(i: number, without: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, v] of Object.entries(VARIANTS)) {
    const cs = [0, 1].map((y) => counter(v.alphabet, y, without));
    const sizes = cs.map((c) => c("#"));
    const size = (sizes[0] + sizes[1]) / 2;
    const scale = sizes.map((n) => size / Math.max(1, n));
    const V = alphabetOf[v.alphabet].length + 1;
    const c = (y: number, k: string) => scale[y] * cs[y](k);
    /** Probability of symbol w after history h (symbols, length order-1) under label y. */
    const prob = (y: number, h: readonly string[], w: string) => {
      let p = (c(y, w) + 1) / (size + V);
      for (let n = 2; n <= v.order; n++) {
        const hist = h.slice(h.length - n + 1).join(SEP);
        p = (c(y, `${hist}${SEP}${w}`) + v.k * p) / (c(y, `|${hist}`) + v.k);
      }
      return p;
    };
    const llr: number[] = [];
    const sentenceLlr: number[] = [];
    let gapObs = 0;
    let gapExp = 0;
    let gapVar = 0;
    for (const s of sequences[v.alphabet][i]) {
      const seq = [...new Array<string>(MAX_ORDER - 1).fill("<s>"), ...s, "</s>"];
      const own: number[] = [];
      for (let p = MAX_ORDER - 1; p < seq.length; p++) {
        const h = seq.slice(p - v.order + 1, p);
        const w = seq[p];
        const ph = prob(0, h, w);
        const pa = prob(1, h, w);
        own.push(Math.log(pa) - Math.log(ph));
        if (v.gap) {
          // Fast-DetectGPT's criterion under the human model: observed log P against its expectation.
          const cacheKey = `${name}|${without.join(",")}|${h.join(SEP)}`;
          let cached = expectations.get(cacheKey);
          if (!cached) {
            let e = 0;
            let e2 = 0;
            let z = 0;
            for (const x of alphabetOf[v.alphabet]) {
              const q = prob(0, h, x);
              const lq = Math.log(q);
              z += q;
              e += q * lq;
              e2 += q * lq * lq;
            }
            cached = [e / z, e2 / z];
            expectations.set(cacheKey, cached);
          }
          const [e, e2] = cached;
          gapObs += Math.log(ph);
          gapExp += e;
          gapVar += Math.max(0, e2 - e * e);
        }
      }
      llr.push(...own);
      if (own.length >= 4) sentenceLlr.push(mean(own));
    }
    out[`${name}Llr`] = mean(llr);
    out[`${name}LlrSd`] = sentenceLlr.length > 1 ? sd(sentenceLlr) : 0;
    if (v.gap) {
      out[`${name}Gap`] = (gapObs - gapExp) / Math.sqrt(Math.max(1e-9, gapVar));
      out[`${name}GapPerToken`] = (gapObs - gapExp) / Math.max(1, llr.length);
    }
  }
  return out;
}

t0 = performance.now();
const candidateRows: Record<string, number>[][] = folds.map((fold) =>
  texts.map((t, i) => (t.group === fold.group ? features(i, [fold.group]) : features(i, [fold.group, t.group]))),
);
console.error(`candidate features ${((performance.now() - t0) / 1000).toFixed(0)} s`);
const candidateNames = Object.keys(candidateRows[0][0]);

/** The document model's inputs before this round (the shipped skeleton feature left out: it is measured here). */
const BASE_FEATURES = DOCUMENT_MODEL_FEATURES.filter((name) => name !== SKELETON_FEATURE);
const baseRows = folds.map((fold) =>
  texts.map((t, i) => {
    const lex =
      t.group === fold.group
        ? [
            ...LEXICON_KINDS.map((kind) =>
              lexiconScore(t.tokens[kind], t.tokens.totals[kind], fold.stacked.lexicons[kind]),
            ),
            ngramScore(t.tokens.bigrams, t.tokens.totals.bigrams, fold.stacked.ngram),
          ]
        : fold.stacked.scores.get(i)!.slice(0, LEXICON_KINDS.length + 1);
    return [...t.documentVector, ...lex];
  }),
);

const { evaluate, report } = experimentEvaluator({
  labels: texts.map((t) => t.y),
  folds,
  baseFeatures: BASE_FEATURES,
  baseRows,
  candidateRows,
});

report("base (shipped inputs)", evaluate([]));
for (const name of candidateNames) report(`+ ${name}`, evaluate([name]));
for (const name of candidateNames) report(`alone ${name}`, evaluate([name], 100, false));
report("+ char4Llr + skel4Llr", evaluate(["char4Llr", "skel4Llr"]));
report("+ char4Llr + skel4Llr + band4Llr", evaluate(["char4Llr", "skel4Llr", "band4Llr"]));
report("+ all", evaluate(candidateNames));
